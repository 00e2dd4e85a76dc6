-- Lead counts (docs/leads.md "Counts"): a statement that stores, erases or changes leads
-- adds its difference to the counter rows of shard pg_backend_pid() % 16, the connection's,
-- of each quiz and project; only the sum of a quiz's or project's shards means anything.
CREATE OR REPLACE FUNCTION lead_counts_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO project_lead_counts AS c (project_id, shard, leads)
    SELECT project_id, shard, sum(n)::int FROM (SELECT project_id, (pg_backend_pid() % 16)::smallint AS shard, 1 AS n FROM new_rows WHERE NOT is_partial AND erased_at IS NULL) d
    GROUP BY project_id, shard HAVING sum(n) <> 0 ORDER BY project_id, shard
    ON CONFLICT (project_id, shard) DO UPDATE SET leads = c.leads + excluded.leads;
  INSERT INTO quiz_lead_counts AS c (quiz_id, shard, leads)
    SELECT quiz_id, shard, sum(n)::int FROM (SELECT quiz_id, (pg_backend_pid() % 16)::smallint AS shard, 1 AS n FROM new_rows WHERE NOT is_partial AND erased_at IS NULL) d
    GROUP BY quiz_id, shard HAVING sum(n) <> 0 ORDER BY quiz_id, shard
    ON CONFLICT (quiz_id, shard) DO UPDATE SET leads = c.leads + excluded.leads;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lead_counts_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO project_lead_counts AS c (project_id, shard, leads)
    SELECT project_id, shard, sum(n)::int FROM (SELECT project_id, (pg_backend_pid() % 16)::smallint AS shard, -1 AS n FROM old_rows WHERE NOT is_partial AND erased_at IS NULL) d
    GROUP BY project_id, shard HAVING sum(n) <> 0 ORDER BY project_id, shard
    ON CONFLICT (project_id, shard) DO UPDATE SET leads = c.leads + excluded.leads;
  INSERT INTO quiz_lead_counts AS c (quiz_id, shard, leads)
    SELECT quiz_id, shard, sum(n)::int FROM (SELECT quiz_id, (pg_backend_pid() % 16)::smallint AS shard, -1 AS n FROM old_rows WHERE NOT is_partial AND erased_at IS NULL) d
    GROUP BY quiz_id, shard HAVING sum(n) <> 0 ORDER BY quiz_id, shard
    ON CONFLICT (quiz_id, shard) DO UPDATE SET leads = c.leads + excluded.leads;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lead_counts_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO project_lead_counts AS c (project_id, shard, leads)
    SELECT project_id, shard, sum(n)::int FROM (SELECT project_id, (pg_backend_pid() % 16)::smallint AS shard, -1 AS n FROM old_rows WHERE NOT is_partial AND erased_at IS NULL UNION ALL SELECT project_id, (pg_backend_pid() % 16)::smallint AS shard, 1 AS n FROM new_rows WHERE NOT is_partial AND erased_at IS NULL) d
    GROUP BY project_id, shard HAVING sum(n) <> 0 ORDER BY project_id, shard
    ON CONFLICT (project_id, shard) DO UPDATE SET leads = c.leads + excluded.leads;
  INSERT INTO quiz_lead_counts AS c (quiz_id, shard, leads)
    SELECT quiz_id, shard, sum(n)::int FROM (SELECT quiz_id, (pg_backend_pid() % 16)::smallint AS shard, -1 AS n FROM old_rows WHERE NOT is_partial AND erased_at IS NULL UNION ALL SELECT quiz_id, (pg_backend_pid() % 16)::smallint AS shard, 1 AS n FROM new_rows WHERE NOT is_partial AND erased_at IS NULL) d
    GROUP BY quiz_id, shard HAVING sum(n) <> 0 ORDER BY quiz_id, shard
    ON CONFLICT (quiz_id, shard) DO UPDATE SET leads = c.leads + excluded.leads;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS leads_count_insert ON leads;
--> statement-breakpoint
CREATE TRIGGER leads_count_insert AFTER INSERT ON leads REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lead_counts_on_insert();
--> statement-breakpoint
DROP TRIGGER IF EXISTS leads_count_delete ON leads;
--> statement-breakpoint
CREATE TRIGGER leads_count_delete AFTER DELETE ON leads REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lead_counts_on_delete();
--> statement-breakpoint
DROP TRIGGER IF EXISTS leads_count_update ON leads;
--> statement-breakpoint
CREATE TRIGGER leads_count_update AFTER UPDATE ON leads
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lead_counts_on_update();
