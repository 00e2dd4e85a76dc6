import type { TelegramIntegration, TelegramIntegrationCreate } from "@leadquiz/contract";
import type { Database } from "../../db/client";
import { AppError, FieldErrors } from "../../lib/app-error";
import { requireOwnedQuiz } from "../quiz-access";
import {
  deleteIntegration,
  type IntegrationRow,
  insertIntegration,
  listQuizIntegrations,
  updateIntegration,
} from "./integrations.repository";
import type { createIntegrationsService } from "./integrations.service";
import { findBoundChat, useBoundChat } from "./telegram.repository";
import { BINDING_TTL_MS, type TelegramBot } from "./telegram-bot";

export interface TelegramServiceDeps {
  db: Database;
  /** Undefined when the server has no bot (TELEGRAM_BOT_TOKEN unset). */
  bot: TelegramBot | undefined;
  integrations: Pick<ReturnType<typeof createIntegrationsService>, "recordOf">;
  now?: () => Date;
}

/**
 * `telegram-integration/` (docs/api.md "Lead delivery"): reading a quiz's connection (404
 * with a fresh start link while there is none), connecting the chat the owner bound by
 * pressing Start, switching it on or off, disconnecting. Another account's quiz answers 404.
 */
export function createTelegramService(deps: TelegramServiceDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function answer(row: IntegrationRow): Promise<TelegramIntegration> {
    return {
      ...(await deps.integrations.recordOf(row)),
      chat_id: row.settings.chat_id ?? "",
      chat_title: row.settings.chat_title ?? "",
    };
  }

  function requireBot(): TelegramBot {
    if (!deps.bot) throw new AppError("telegram_not_configured");
    return deps.bot;
  }

  async function existing(userId: number, quizId: number) {
    await requireOwnedQuiz(db, userId, quizId);
    const [row] = await listQuizIntegrations(db, quizId, "telegram");
    return row;
  }

  async function connected(userId: number, quizId: number) {
    const row = await existing(userId, quizId);
    if (!row) throw new AppError("not_found");
    return row;
  }

  return {
    /** The connection, or 404 with `connect_url` (a new one-time start link). */
    async get(userId: number, quizId: number): Promise<TelegramIntegration> {
      const row = await existing(userId, quizId);
      if (row) return answer(row);
      const url = await requireBot().connectUrl(userId, quizId);
      if (!url) throw new AppError("service_unavailable");
      throw new AppError("not_found", "not_found", {}, {}, { connect_url: url });
    },

    /** Connects the chat bound by Start; 400 `telegram_not_authorised` before that. */
    async create(userId: number, body: TelegramIntegrationCreate): Promise<TelegramIntegration> {
      if (await existing(userId, body.quiz)) throw new FieldErrors({ quiz: ["type_taken"] });
      requireBot();
      const at = now();
      const bound = await findBoundChat(
        db,
        userId,
        body.quiz,
        new Date(at.getTime() - BINDING_TTL_MS),
      );
      if (!bound?.chatId) throw new AppError("telegram_not_authorised");
      const row = await db.transaction(async (tx) => {
        if (!(await useBoundChat(tx, bound.id, at))) return undefined;
        return insertIntegration(tx, {
          quizId: body.quiz,
          userId,
          type: "telegram",
          settings: { chat_id: bound.chatId ?? "", chat_title: bound.chatTitle ?? "" },
          secrets: "",
          isEnabled: true,
        });
      });
      if (!row) throw new AppError("telegram_not_authorised");
      return answer(row);
    },

    async update(userId: number, quizId: number, body: { is_enabled?: boolean | undefined }) {
      const row = await connected(userId, quizId);
      const updated = await updateIntegration(
        db,
        row.id,
        body.is_enabled === undefined
          ? {}
          : { isEnabled: body.is_enabled, ...(body.is_enabled ? { disabledReason: null } : {}) },
      );
      return answer(updated);
    },

    async remove(userId: number, quizId: number) {
      const row = await connected(userId, quizId);
      await deleteIntegration(db, row.id);
    },
  };
}
