import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { createAppServices } from "./app/app-services";

const container = document.getElementById("root");
if (container) {
  createRoot(container).render(
    <StrictMode>
      <App services={createAppServices()} />
    </StrictMode>,
  );
}
