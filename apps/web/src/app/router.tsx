import { createBrowserRouter } from "react-router";
import { appRoutes } from "./routes";

export type AppRouter = ReturnType<typeof createBrowserRouter>;

export function createAppRouter(): AppRouter {
  return createBrowserRouter(appRoutes);
}
