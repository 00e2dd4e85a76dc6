import { useTranslation } from "react-i18next";
import classes from "./page-loader.module.css";

/**
 * A centered loader: shown until the session is read and while a page loads. Plain elements:
 * it is part of the app's first script, which holds no Mantine component.
 */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      className={classes.center}
      style={{ height: fullScreen ? "100vh" : 240 }}
      role="status"
      aria-label={t("common:loading")}
    >
      <span className={classes.loader} />
    </div>
  );
}
