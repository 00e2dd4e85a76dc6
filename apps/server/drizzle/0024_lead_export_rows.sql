CREATE TABLE "lead_export_rows" (
	"lead_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"quiz_id" integer NOT NULL,
	"publication_version" integer NOT NULL,
	"is_partial" boolean NOT NULL,
	"status" text NOT NULL,
	"head" text NOT NULL,
	"contacts" text NOT NULL,
	"tail" text NOT NULL,
	"answers" text
);
--> statement-breakpoint
ALTER TABLE "quiz_publications" ADD COLUMN "question_ids" jsonb GENERATED ALWAYS AS (jsonb_path_query_array(snapshot, '$.questions[*].id')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_export_rows" ADD CONSTRAINT "lead_export_rows_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_export_rows_user_idx" ON "lead_export_rows" USING btree ("user_id","is_partial","lead_id");--> statement-breakpoint
CREATE INDEX "lead_export_rows_quiz_idx" ON "lead_export_rows" USING btree ("quiz_id","is_partial");--> statement-breakpoint
-- Written by hand (docs/leads.md "Export"): the CSV export's cells of every opened, live
-- lead are finished when the lead is written, in lead_export_rows, so an export joins
-- stored text read from densely packed rows. These functions are the one definition of an
-- export cell; the export queries (lead-export.repository.ts) call them too.
-- A CSV cell: a formula start (= + - @, tab, CR) gets a leading apostrophe; separators
-- (`,` and Excel's `;`), quotes and line breaks make it quoted, quotes doubled.
CREATE FUNCTION lq_csv_cell(v text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN v ~ '[",\r\n;]'
    THEN '"' || replace(CASE WHEN ascii(v) IN (61, 43, 45, 64, 9, 13) THEN '''' || v ELSE v END, '"', '""') || '"'
    ELSE CASE WHEN ascii(v) IN (61, 43, 45, 64, 9, 13) THEN '''' || v ELSE v END END
$$;
--> statement-breakpoint
-- The messengers cell: "telegram: @ivan; whatsapp: +380…", empty for none.
CREATE FUNCTION lq_export_messengers(m jsonb) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN m = '{}'::jsonb THEN '' ELSE coalesce((SELECT string_agg(e.key || ': ' || e.value, '; ')
    FROM jsonb_each_text(m) AS e), '') END
$$;
--> statement-breakpoint
-- "Title: value unit" of one stored result, the title alone without a value.
CREATE FUNCTION lq_export_result(r jsonb) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(r ->> 'title', '') || CASE WHEN coalesce(r -> 'value', 'null') = 'null'
    THEN '' ELSE ': ' || (r ->> 'value') || CASE WHEN coalesce(r ->> 'unit', '') = ''
    THEN '' ELSE ' ' || (r ->> 'unit') END END
$$;
--> statement-breakpoint
-- The results cell: the results shown, joined by "; ".
CREATE FUNCTION lq_export_results(rs jsonb) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN rs = '[]'::jsonb THEN ''
    WHEN jsonb_array_length(rs) = 1 THEN lq_export_result(rs -> 0)
    ELSE coalesce((SELECT string_agg(lq_export_result(r), '; ') FROM jsonb_array_elements(rs) AS r), '') END
$$;
--> statement-breakpoint
-- Keeps the lead's row of lead_export_rows: written while the lead is opened and not
-- erased, removed otherwise. The answers: `,cell` per question of the lead's published
-- version in the version's order (the last answer to a question wins; empty when not
-- answered); null when the version is unknown (the export then picks them itself).
CREATE FUNCTION leads_export_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids jsonb;
  picked jsonb;
  cells text;
BEGIN
  IF NOT NEW.is_opened OR NEW.erased_at IS NOT NULL THEN
    DELETE FROM lead_export_rows WHERE lead_id = NEW.id;
    RETURN NULL;
  END IF;
  SELECT p.question_ids INTO ids FROM quiz_publications p
    WHERE p.quiz_id = NEW.quiz_id AND p.version = NEW.publication_version;
  IF ids IS NOT NULL THEN
    -- jsonb keeps the last of repeated keys: the last answer to a question wins.
    SELECT coalesce(jsonb_object_agg(a ->> 'question', a -> 'answer'), '{}'::jsonb) INTO picked
      FROM jsonb_array_elements(NEW.answers) AS a;
    SELECT coalesce(string_agg(',' || lq_csv_cell(coalesce(picked ->> q.id, '')), '' ORDER BY q.n), '')
      INTO cells FROM jsonb_array_elements_text(ids) WITH ORDINALITY AS q(id, n);
  END IF;
  INSERT INTO lead_export_rows AS r (lead_id, user_id, quiz_id, publication_version, is_partial,
      status, head, contacts, tail, answers)
    VALUES (NEW.id, NEW.user_id, NEW.quiz_id, NEW.publication_version, NEW.is_partial, NEW.status,
      NEW.id || ',' || to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      lq_csv_cell(NEW.name) || ',' || lq_csv_cell(NEW.email) || ',' || lq_csv_cell(NEW.phone) || ','
        || lq_csv_cell(lq_export_messengers(NEW.messengers)) || ',' || lq_csv_cell(NEW.other) || ','
        || lq_csv_cell(NEW.other2),
      lq_csv_cell(array_to_string(NEW.flags, ', ')) || ','
        || lq_csv_cell(coalesce(NEW.utm ->> 'utm_source', '')) || ','
        || lq_csv_cell(coalesce(NEW.utm ->> 'utm_medium', '')) || ','
        || lq_csv_cell(coalesce(NEW.utm ->> 'utm_campaign', '')) || ','
        || lq_csv_cell(lq_export_results(NEW.results)) || ',' || lq_csv_cell(NEW.note),
      cells)
    ON CONFLICT (lead_id) DO UPDATE SET user_id = excluded.user_id, quiz_id = excluded.quiz_id,
      publication_version = excluded.publication_version, is_partial = excluded.is_partial,
      status = excluded.status, head = excluded.head, contacts = excluded.contacts,
      tail = excluded.tail, answers = excluded.answers;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A new lead is mostly not opened: nothing to do then (the lead path pays no call).
CREATE TRIGGER leads_export_row_insert AFTER INSERT ON leads
  FOR EACH ROW WHEN (NEW.is_opened) EXECUTE FUNCTION leads_export_row();
--> statement-breakpoint
CREATE TRIGGER leads_export_row_update AFTER UPDATE OF is_opened, erased_at, is_partial, status,
  note, name, email, phone, messengers, other, other2, flags, utm, results, answers,
  publication_version, quiz_id, user_id, created_at
  ON leads FOR EACH ROW WHEN (NEW.is_opened OR OLD.is_opened) EXECUTE FUNCTION leads_export_row();
--> statement-breakpoint
UPDATE leads SET is_opened = is_opened WHERE is_opened;
