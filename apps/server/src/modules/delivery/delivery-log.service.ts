import type { Delivery, DeliveryLogQuery, DeliveryPage } from "@leadquiz/contract";
import type { Database } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { requireOwnedQuiz } from "../quiz-access";
import {
  countDeliveries,
  findDeliveryOwner,
  listDeliveries,
  requeueDelivery,
} from "./delivery.repository";
import { findOwnedIntegration } from "./integrations.repository";

type LogRow = Awaited<ReturnType<typeof listDeliveries>>[number];

function deliveryAnswer(row: LogRow): Delivery {
  const pending = row.status === "pending" || row.status === "retrying";
  return {
    id: row.id,
    lead: row.lead,
    integration: row.integration,
    target: row.target,
    status: row.status,
    attempts: row.attempts,
    last_status_code: row.lastStatusCode,
    last_error: row.lastError,
    next_attempt_at: pending ? row.nextAttemptAt.toISOString() : null,
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** The delivery log of a quiz (`GET quiz/{id}/deliveries/`) and resending one delivery. */
export function createDeliveryLogService({ db }: { db: Database }) {
  return {
    async page(userId: number, quizId: number, query: DeliveryLogQuery): Promise<DeliveryPage> {
      await requireOwnedQuiz(db, userId, quizId);
      // An integration filter names a record like a path does: another account's is a 404.
      if (query.integration !== undefined) {
        if (!(await findOwnedIntegration(db, userId, query.integration))) {
          throw new AppError("not_found");
        }
      }
      const filter = { quizId, status: query.status, integrationId: query.integration };
      const rows = await listDeliveries(db, {
        ...filter,
        before: query.cursor ? Number(query.cursor) : undefined,
        limit: query.limit + 1,
      });
      const results = rows.slice(0, query.limit).map(deliveryAnswer);
      const last = results.at(-1);
      return {
        count: await countDeliveries(db, filter),
        next: rows.length > query.limit && last ? String(last.id) : null,
        results,
      };
    },

    /** `POST delivery/{id}/retry/`: due now, with a fresh run of tries. */
    async retry(userId: number, id: number): Promise<Delivery> {
      const owner = await findDeliveryOwner(db, id);
      if (!owner || owner.userId !== userId) throw new AppError("not_found");
      await requireOwnedQuiz(db, userId, owner.quizId);
      await requeueDelivery(db, id, new Date());
      const [row] = await listDeliveries(db, { quizId: owner.quizId, before: id + 1, limit: 1 });
      if (!row) throw new AppError("not_found");
      return deliveryAnswer(row);
    },
  };
}
