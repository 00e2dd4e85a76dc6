import { screensPart } from "./parts";
import * as screens from "./screens";

/**
 * Every lazy screen, imported statically: for the server renderer (`/q/{key}` renders any
 * step at once) and the unit tests. Never imported by the browser entry.
 */
export function provideAllParts(): void {
  screensPart.provide(screens);
}
