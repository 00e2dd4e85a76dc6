import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import "./app/app-shell.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { createAppServices } from "./app/app-services";
import { readAhead } from "./app/read-ahead";

const container = document.getElementById("root");
if (container) {
  const services = createAppServices();
  readAhead(services, window.location.pathname);
  createRoot(container).render(
    <StrictMode>
      <App services={services} />
    </StrictMode>,
  );
}
