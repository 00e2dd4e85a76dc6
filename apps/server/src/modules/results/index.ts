/** The results module's public face: the results service and the questions a formula may use. */
export { formulaQuestions } from "./results.repository";
export { createResultsService } from "./results.service";
