/** Account recovery: following a password-reset link, across the account's modules. */
export {
  type AccountRecoveryWorkflow,
  createAccountRecoveryWorkflow,
} from "./account-recovery.workflow";
