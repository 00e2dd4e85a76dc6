/** The question-conditions module's public face: the service and copying a question's conditions. */
export { copyQuestionConditions } from "./question-conditions.repository";
export {
  createQuestionConditionsService,
  type QuestionConditionsService,
} from "./question-conditions.service";
