import {
  type TemplateListQuery,
  type TemplateOption,
  type TemplatePage,
  type TemplateSummary,
  templateThemeSchema,
  templateThemes,
  templateTypeSchema,
  templateTypes,
} from "@leadquiz/contract";
import { DEFAULT_LANGUAGE, isInterfaceLanguage, translate } from "@leadquiz/i18n";
import type { AppContext } from "../../app-context";
import { publicQuizUrl } from "../../lib/public-urls";
import { findUserLanguage } from "../quizzes";
import { type CatalogueEntry, listCatalogue } from "./templates.repository";

export const TEMPLATE_PAGE_SIZE = 24;

export type TemplatesService = ReturnType<typeof createTemplatesService>;

/** The catalogue (docs/templates.md "API"): type and theme lists, pages of templates. */
export function createTemplatesService(ctx: Pick<AppContext, "db" | "config">) {
  async function language(userId: number) {
    const code = await findUserLanguage(ctx.db, userId);
    return isInterfaceLanguage(code) ? code : DEFAULT_LANGUAGE;
  }

  function summary(entry: CatalogueEntry): TemplateSummary {
    const media = entry.startPage.media;
    return {
      id: entry.quizId,
      title: entry.title,
      description: entry.description,
      image: typeof media === "string" ? media : null,
      type: templateTypeSchema.parse(entry.type),
      theme: templateThemeSchema.parse(entry.theme),
      language: entry.language,
      question_count: entry.questionCount,
      preview_url: publicQuizUrl(ctx.config, entry.publicKey),
      public_key: entry.publicKey,
    };
  }

  return {
    /** `GET quiztemplatetype/`: every type with its title in the caller's language. */
    async types(userId: number): Promise<TemplateOption[]> {
      const code = await language(userId);
      return templateTypes.map((id) => ({ id, title: translate(code, `templates:type.${id}`) }));
    },

    /** `GET quiztemplatetheme/`: every theme with its title in the caller's language. */
    async themes(userId: number): Promise<TemplateOption[]> {
      const code = await language(userId);
      return templateThemes.map((id) => ({ id, title: translate(code, `templates:theme.${id}`) }));
    },

    /** `GET quiz-templates/`: a page of live templates matching the filters. */
    async list(query: TemplateListQuery): Promise<TemplatePage> {
      const [sort, quizId] = (query.cursor ?? "").split("-").map(Number);
      const entries = await listCatalogue(ctx.db, {
        type: query.type,
        theme: query.theme,
        language: query.language,
        search: query.search === "" ? undefined : query.search,
        after: query.cursor === undefined ? undefined : { sort: sort ?? 0, quizId: quizId ?? 0 },
        limit: TEMPLATE_PAGE_SIZE + 1,
      });
      const page = entries.slice(0, TEMPLATE_PAGE_SIZE);
      const last = page[page.length - 1];
      return {
        next: entries.length > TEMPLATE_PAGE_SIZE && last ? `${last.sort}-${last.quizId}` : null,
        results: page.map(summary),
      };
    },
  };
}
