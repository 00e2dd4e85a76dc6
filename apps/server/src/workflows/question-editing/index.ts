/** The question-editing workflow: question and answer changes with their condition and formula upkeep. */

export { revalidateFormulas } from "./formula-upkeep";
export {
  createQuestionEditingWorkflow,
  type QuestionEditingWorkflow,
} from "./question-editing.workflow";
