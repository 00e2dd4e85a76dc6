/** Restoring a published version as a quiz's draft, across the quiz's modules. */
export {
  createVersionRestoreWorkflow,
  type VersionRestoreWorkflow,
} from "./version-restore.workflow";
