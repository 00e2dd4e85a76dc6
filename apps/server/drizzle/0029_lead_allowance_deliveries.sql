-- Every way a lead's contacts leave the product takes a request of the allowance, once
-- (docs/leads.md "Allowance", docs/adr/0019). A delivery whose lead finds no request left
-- waits as `awaiting_requests` (never failed); `lead_allowances.deliveries_waiting` marks
-- the accounts that have such deliveries, and the partial index lists those of them with a
-- request left, which the delivery worker releases oldest lead first. Deliveries already
-- queued for unopened leads are released (or made to wait) when the worker claims them.
ALTER TABLE "deliveries" DROP CONSTRAINT "deliveries_status_check";--> statement-breakpoint
ALTER TABLE "lead_allowances" ADD COLUMN "deliveries_waiting" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "deliveries_awaiting_idx" ON "deliveries" USING btree ("integration_id","lead_id") WHERE "deliveries"."status" = 'awaiting_requests';--> statement-breakpoint
CREATE INDEX "integrations_user_idx" ON "integrations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "lead_allowances_release_idx" ON "lead_allowances" USING btree ("user_id") WHERE "lead_allowances"."deliveries_waiting" and "lead_allowances"."requests_left" > 0;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_status_check" CHECK ("deliveries"."status" in ('pending', 'retrying', 'delivered', 'failed', 'skipped', 'awaiting_requests'));
