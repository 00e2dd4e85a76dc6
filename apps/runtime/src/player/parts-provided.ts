import * as questionScreen from "../questions/question-screen";
import * as contactForm from "../screens/contact-form";
import * as resultsScreen from "../screens/results-screen";
import * as thankYouScreen from "../screens/thank-you-screen";
import { parts } from "./parts";

/**
 * Every lazy screen, imported statically: for the server renderer (`/q/{key}` renders any
 * step at once) and the unit tests. Never imported by the browser entry.
 */
export function provideAllParts(): void {
  parts.question.provide(questionScreen);
  parts.form.provide(contactForm);
  parts.results.provide(resultsScreen);
  parts.thank_you.provide(thankYouScreen);
}
