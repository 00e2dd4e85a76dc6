import { z } from "zod";
import { AdditionType } from "./codes";
import {
  descriptionText,
  idSchema,
  linkText,
  mediaClear,
  mediaSchema,
  mergePatchOf,
  shortText,
  sortSchema,
} from "./quiz-common";

export const additionTypeSchema = z.union([
  z.literal(AdditionType.Bonus),
  z.literal(AdditionType.Discount),
  z.literal(AdditionType.Consultant),
]);
export const additionDisplaySchema = z.enum(["all_except_start", "contact_only", "all"]);

/** Bonus: `discount_amount` is display text ("10%", "500 UAH"). */
export const bonusSettingsSchema = z.object({
  name: shortText,
  discount_amount: z.string().max(100),
  link: linkText,
});
/** Discount: `max_discount` is a percentage 0-100. */
export const discountSettingsSchema = z.object({
  max_discount: z.number().min(0).max(100),
  discount_type: z.enum(["ordinary", "growing"]),
});
export const consultantSettingsSchema = z.object({
  name: shortText,
  job_title: shortText,
  text: descriptionText,
});

/** The settings schema of each addition type (re-parse merged settings after a PATCH). */
export const additionSettingsSchemas = {
  1: bonusSettingsSchema,
  2: discountSettingsSchema,
  3: consultantSettingsSchema,
} as const;

export const additionSettingsDefaults = {
  1: { name: "", discount_amount: "", link: "" },
  2: { max_discount: 10, discount_type: "ordinary" },
  3: { name: "", job_title: "", text: "" },
} as const satisfies { [K in AdditionType]: z.infer<(typeof additionSettingsSchemas)[K]> };

const additionBase = z.object({
  id: z.int32(),
  quiz: z.int32(),
  sort: z.int32(),
  image: mediaSchema,
  enabled: z.boolean(),
  display: additionDisplaySchema,
});

export const additionSchema = z.discriminatedUnion("type", [
  additionBase.extend({ type: z.literal(AdditionType.Bonus), settings: bonusSettingsSchema }),
  additionBase.extend({ type: z.literal(AdditionType.Discount), settings: discountSettingsSchema }),
  additionBase.extend({
    type: z.literal(AdditionType.Consultant),
    settings: consultantSettingsSchema,
  }),
]);
export type Addition = z.infer<typeof additionSchema>;
export const additionListSchema = z.array(additionSchema);

const additionWritableFields = z
  .object({ sort: sortSchema, enabled: z.boolean(), display: additionDisplaySchema })
  .partial().shape;

/** `POST addition/`: settings may be partial; missing keys take additionSettingsDefaults. */
export const additionCreateSchema = z.discriminatedUnion("type", [
  z.object({
    quiz: idSchema,
    type: z.literal(AdditionType.Bonus),
    ...additionWritableFields,
    settings: bonusSettingsSchema.partial().optional(),
  }),
  z.object({
    quiz: idSchema,
    type: z.literal(AdditionType.Discount),
    ...additionWritableFields,
    settings: discountSettingsSchema.partial().optional(),
  }),
  z.object({
    quiz: idSchema,
    type: z.literal(AdditionType.Consultant),
    ...additionWritableFields,
    settings: consultantSettingsSchema.partial().optional(),
  }),
]);
export type AdditionCreate = z.infer<typeof additionCreateSchema>;

/**
 * `PATCH addition/{id}/` (JSON, or multipart with the file under `image`). The type does
 * not change; `settings` is a merge patch of any type's keys, and the service re-parses
 * the merged settings with `additionSettingsSchemas[type]` (keys of other types are
 * dropped there).
 */
export const additionUpdateSchema = z
  .object({
    ...additionWritableFields,
    image: mediaClear.optional(),
    settings: mergePatchOf(
      bonusSettingsSchema
        .extend(discountSettingsSchema.shape)
        .extend(consultantSettingsSchema.shape),
    ),
  })
  .partial();
export type AdditionUpdate = z.infer<typeof additionUpdateSchema>;

/** An addition's type with its settings, as the API and the published snapshot show them. */
export type TypedAdditionSettings = {
  [K in AdditionType]: { type: K; settings: z.infer<(typeof additionSettingsSchemas)[K]> };
}[AdditionType];

/** The stored keys of the type's own schema (others, and undefined values, dropped). */
function ownSettings<T extends AdditionType>(
  type: T,
  stored: Record<string, unknown>,
): Partial<(typeof additionSettingsDefaults)[T]> {
  const shape = additionSettingsSchemas[type].shape;
  return Object.fromEntries(
    Object.entries(stored).filter(([key, value]) => key in shape && value !== undefined),
  ) as Partial<(typeof additionSettingsDefaults)[T]>;
}

/**
 * An addition's settings as shown: the keys stored for its type over that type's defaults
 * (a row stores only the keys that were set).
 */
export function typedAdditionSettings(
  type: AdditionType,
  stored: Record<string, unknown>,
): TypedAdditionSettings {
  switch (type) {
    case AdditionType.Bonus:
      return {
        type,
        settings: { ...additionSettingsDefaults[type], ...ownSettings(type, stored) },
      };
    case AdditionType.Discount:
      return {
        type,
        settings: { ...additionSettingsDefaults[type], ...ownSettings(type, stored) },
      };
    default:
      return {
        type: AdditionType.Consultant,
        settings: {
          ...additionSettingsDefaults[AdditionType.Consultant],
          ...ownSettings(AdditionType.Consultant, stored),
        },
      };
  }
}
