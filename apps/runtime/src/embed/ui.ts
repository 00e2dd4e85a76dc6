import { arm } from "./auto-open";
import { createDialog } from "./dialog";
import { mountLauncher } from "./launchers";

/** The display modes' UI, built as `embed-ui.js` and loaded by the loader on demand. */
export const ui = { createDialog, mountLauncher, arm };
export type Ui = typeof ui;

/** Where the built `embed-ui.js` hands its UI to the loader. */
export type UiHost = { LeadquizUi?: Ui };
