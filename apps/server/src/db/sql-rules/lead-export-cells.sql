-- The lead export's composed cells (docs/leads.md "Export"): messengers, one result, the
-- results. Used by leads_export_row (lead-export-row.sql) and the export queries.
CREATE OR REPLACE FUNCTION lq_export_messengers(m jsonb) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN m = '{}'::jsonb THEN '' ELSE coalesce((SELECT string_agg(e.key || ': ' || e.value, '; ')
    FROM jsonb_each_text(m) AS e), '') END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lq_export_result(r jsonb) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(r ->> 'title', '') || CASE WHEN coalesce(r -> 'value', 'null') = 'null'
    THEN '' ELSE ': ' || (r ->> 'value') || CASE WHEN coalesce(r ->> 'unit', '') = ''
    THEN '' ELSE ' ' || (r ->> 'unit') END END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lq_export_results(rs jsonb) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN rs = '[]'::jsonb THEN ''
    WHEN jsonb_array_length(rs) = 1 THEN lq_export_result(rs -> 0)
    ELSE coalesce((SELECT string_agg(lq_export_result(r), '; ') FROM jsonb_array_elements(rs) AS r), '') END
$$;
