/**
 * The conditions module's public face: the service of question and result conditions (one,
 * told its owner kind) and copying an owner's conditions inside the caller's transaction.
 */
export { type ConditionOwnerKind, copyConditions } from "./conditions.repository";
export { type ConditionsService, createConditionsService } from "./conditions.service";
