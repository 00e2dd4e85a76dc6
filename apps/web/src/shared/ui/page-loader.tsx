import { Center, Loader } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** A centered loader: shown until the session is read and while a page loads. */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <Center h={fullScreen ? "100vh" : 240} role="status" aria-label={t("common:loading")}>
      <Loader />
    </Center>
  );
}
