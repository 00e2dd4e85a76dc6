/** The result-conditions module's public face: the result-conditions service. */
export { createResultConditionsService } from "./result-conditions.service";
