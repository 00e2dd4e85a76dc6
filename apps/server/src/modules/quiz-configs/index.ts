/** The quiz-configs module's public face: the quiz-configs service. */
export { createQuizConfigsService } from "./quiz-configs.service";
