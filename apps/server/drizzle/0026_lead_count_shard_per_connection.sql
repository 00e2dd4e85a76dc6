-- Written by hand (docs/leads.md "Counts"): a lead adds to the counter row of shard
-- pg_backend_pid() % 16, the connection's, instead of id % 16. Since leads are stored by
-- group commit (docs/leads.md "Storing a lead"), one statement holds many leads: spread
-- over the shards by id, each statement locked up to 16 counter rows until its COMMIT, and
-- the statement written beside it waited for those locks. Now a statement takes one row per
-- quiz and project, and two connections rarely share one. Only the sum of the shards means
-- anything, so the rows counted so far stay as they are.
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
