-- Keeps the lead's row of lead_export_rows (docs/leads.md "Export"): written while the lead
-- is opened and not erased, removed otherwise. The answers: `,cell` per question of the
-- lead's published version in the version's order (the last answer to a question wins;
-- empty when not answered); null when the version is unknown (the export then picks them
-- itself). A new lead is mostly not opened: the insert trigger does nothing then.
CREATE OR REPLACE FUNCTION leads_export_row() RETURNS trigger LANGUAGE plpgsql AS $$
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
  INSERT INTO lead_export_rows AS r (lead_id, user_id, quiz_id, project_id, created_at,
      publication_version, is_partial, status, head, contacts, tail, answers)
    VALUES (NEW.id, NEW.user_id, NEW.quiz_id, NEW.project_id, NEW.created_at,
      NEW.publication_version, NEW.is_partial, NEW.status,
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
      project_id = excluded.project_id, created_at = excluded.created_at,
      publication_version = excluded.publication_version, is_partial = excluded.is_partial,
      status = excluded.status, head = excluded.head, contacts = excluded.contacts,
      tail = excluded.tail, answers = excluded.answers;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS leads_export_row_insert ON leads;
--> statement-breakpoint
CREATE TRIGGER leads_export_row_insert AFTER INSERT ON leads
  FOR EACH ROW WHEN (NEW.is_opened) EXECUTE FUNCTION leads_export_row();
--> statement-breakpoint
DROP TRIGGER IF EXISTS leads_export_row_update ON leads;
--> statement-breakpoint
CREATE TRIGGER leads_export_row_update AFTER UPDATE OF is_opened, erased_at, is_partial, status,
  note, name, email, phone, messengers, other, other2, flags, utm, results, answers,
  publication_version, quiz_id, project_id, user_id, created_at
  ON leads FOR EACH ROW WHEN (NEW.is_opened OR OLD.is_opened) EXECUTE FUNCTION leads_export_row();
