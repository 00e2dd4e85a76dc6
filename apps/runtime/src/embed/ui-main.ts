import { type UiHost, ui } from "./ui";

/** The entry of `embed-ui.js`: hands the UI to the loader that injected this script. */
(window as unknown as UiHost).LeadquizUi = ui;
