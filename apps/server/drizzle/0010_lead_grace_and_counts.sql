CREATE TABLE "project_lead_counts" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"leads" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_lead_counts" (
	"quiz_id" integer PRIMARY KEY NOT NULL,
	"leads" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
-- Written by hand after the generated part (docs/leads.md "Counts"): statement triggers
-- on leads keep quiz_lead_counts and project_lead_counts equal to the leads the owner's
-- list shows (sent, not erased), in the transaction of every insert, update and delete.
-- Counter rows are upserted in key order, so concurrent statements lock them in one order.
CREATE FUNCTION lead_counts_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO project_lead_counts AS c (project_id, leads)
    SELECT project_id, sum(n)::int FROM (SELECT project_id, 1 AS n FROM new_rows WHERE NOT is_partial AND erased_at IS NULL) d
    GROUP BY project_id HAVING sum(n) <> 0 ORDER BY project_id
    ON CONFLICT (project_id) DO UPDATE SET leads = c.leads + excluded.leads;
  INSERT INTO quiz_lead_counts AS c (quiz_id, leads)
    SELECT quiz_id, sum(n)::int FROM (SELECT quiz_id, 1 AS n FROM new_rows WHERE NOT is_partial AND erased_at IS NULL) d
    GROUP BY quiz_id HAVING sum(n) <> 0 ORDER BY quiz_id
    ON CONFLICT (quiz_id) DO UPDATE SET leads = c.leads + excluded.leads;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION lead_counts_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO project_lead_counts AS c (project_id, leads)
    SELECT project_id, sum(n)::int FROM (SELECT project_id, -1 AS n FROM old_rows WHERE NOT is_partial AND erased_at IS NULL) d
    GROUP BY project_id HAVING sum(n) <> 0 ORDER BY project_id
    ON CONFLICT (project_id) DO UPDATE SET leads = c.leads + excluded.leads;
  INSERT INTO quiz_lead_counts AS c (quiz_id, leads)
    SELECT quiz_id, sum(n)::int FROM (SELECT quiz_id, -1 AS n FROM old_rows WHERE NOT is_partial AND erased_at IS NULL) d
    GROUP BY quiz_id HAVING sum(n) <> 0 ORDER BY quiz_id
    ON CONFLICT (quiz_id) DO UPDATE SET leads = c.leads + excluded.leads;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION lead_counts_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO project_lead_counts AS c (project_id, leads)
    SELECT project_id, sum(n)::int FROM (SELECT project_id, -1 AS n FROM old_rows WHERE NOT is_partial AND erased_at IS NULL UNION ALL SELECT project_id, 1 AS n FROM new_rows WHERE NOT is_partial AND erased_at IS NULL) d
    GROUP BY project_id HAVING sum(n) <> 0 ORDER BY project_id
    ON CONFLICT (project_id) DO UPDATE SET leads = c.leads + excluded.leads;
  INSERT INTO quiz_lead_counts AS c (quiz_id, leads)
    SELECT quiz_id, sum(n)::int FROM (SELECT quiz_id, -1 AS n FROM old_rows WHERE NOT is_partial AND erased_at IS NULL UNION ALL SELECT quiz_id, 1 AS n FROM new_rows WHERE NOT is_partial AND erased_at IS NULL) d
    GROUP BY quiz_id HAVING sum(n) <> 0 ORDER BY quiz_id
    ON CONFLICT (quiz_id) DO UPDATE SET leads = c.leads + excluded.leads;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER leads_count_insert AFTER INSERT ON leads REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lead_counts_on_insert();
--> statement-breakpoint
CREATE TRIGGER leads_count_delete AFTER DELETE ON leads REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lead_counts_on_delete();
--> statement-breakpoint
CREATE TRIGGER leads_count_update AFTER UPDATE ON leads
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lead_counts_on_update();
--> statement-breakpoint
INSERT INTO quiz_lead_counts (quiz_id, leads)
  SELECT quiz_id, count(*)::int FROM leads WHERE NOT is_partial AND erased_at IS NULL GROUP BY quiz_id;
--> statement-breakpoint
INSERT INTO project_lead_counts (project_id, leads)
  SELECT project_id, count(*)::int FROM leads WHERE NOT is_partial AND erased_at IS NULL GROUP BY project_id;
--> statement-breakpoint
-- Quizzes hidden before hiding was timed get a grace period from this migration.
UPDATE quizzes SET hidden_at = now() WHERE NOT is_published AND published_at IS NOT NULL;
