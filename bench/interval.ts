import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import { median } from "./support";

/**
 * How sure a ratio of two medians is, from the loads themselves: a percentile bootstrap
 * over the rounds (bench/README.md "Intervals"). The FCP and host page parts load their
 * pages in interleaved rounds, so round i of one page and round i of the other met the same
 * moment of the machine; a resample draws whole rounds (both pages' loads of the round
 * together) with replacement and takes the ratio of the two medians again. The interval is
 * the middle `level` of those ratios. It says how far the median ratio could move by the
 * luck of which loads were slow, not more: a slower machine moves both sides.
 */
export interface RatioIntervalOptions {
  /** Resamples drawn (2,000 by default). */
  resamples?: number;
  /** The share of the resampled ratios the interval holds (0.95 by default). */
  level?: number;
  /** The random generator's seed: the same loads always give the same interval. */
  seed?: number;
}

/**
 * The interval of median(ours) ÷ median(reference), resampling rounds: `ours[i]` and
 * `reference[i]` are the two pages' loads of round i. Undefined when there are fewer than
 * three rounds of both or a reference median of 0 (no ratio to bound).
 */
export function ratioInterval(
  ours: readonly number[],
  reference: readonly number[],
  options: RatioIntervalOptions = {},
): [number, number] | undefined {
  const rounds = Math.min(ours.length, reference.length);
  if (rounds < 3) return undefined;
  const resamples = options.resamples ?? 2000;
  const level = options.level ?? 0.95;
  const random = xoroshiro128plus(options.seed ?? 15);
  const ratios: number[] = [];
  for (let draw = 0; draw < resamples; draw += 1) {
    const a: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < rounds; i += 1) {
      const round = uniformInt(random, 0, rounds - 1);
      a.push(ours[round] as number);
      b.push(reference[round] as number);
    }
    const floor = median(b);
    if (floor > 0) ratios.push(median(a) / floor);
  }
  if (ratios.length === 0) return undefined;
  ratios.sort((x, y) => x - y);
  const at = (q: number) =>
    ratios[Math.min(ratios.length - 1, Math.max(0, Math.round(q * (ratios.length - 1))))] as number;
  const tail = (1 - level) / 2;
  return [at(tail), at(1 - tail)];
}
