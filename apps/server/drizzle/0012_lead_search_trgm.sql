-- Lead search (docs/leads.md "Search"): trigram indexes of the opened leads' lower-case name
-- and e-mail and of the phone's digits, the expressions the list's search compares with
-- LIKE '%fragment%'. pg_trgm is created when the database lets this role create it (a
-- trusted extension since PostgreSQL 13; PGlite loads it at start); otherwise the
-- migration goes on without it, and search scans the account's opened leads as before.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm is not available (%): lead search goes without trigram indexes', SQLERRM;
END
$$;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS "leads_search_name_trgm_idx" ON "leads"
      USING gin (lower("name") gin_trgm_ops) WITH (fastupdate = off) WHERE "is_opened";
    CREATE INDEX IF NOT EXISTS "leads_search_email_trgm_idx" ON "leads"
      USING gin (lower("email") gin_trgm_ops) WITH (fastupdate = off) WHERE "is_opened";
    CREATE INDEX IF NOT EXISTS "leads_search_phone_trgm_idx" ON "leads"
      USING gin (regexp_replace("phone", '[^0-9]', '', 'g') gin_trgm_ops) WITH (fastupdate = off) WHERE "is_opened";
  END IF;
END
$$;
