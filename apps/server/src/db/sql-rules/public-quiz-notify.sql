-- The published quiz cache's notifications (docs/speed.md "Published quiz cache"): every
-- change that decides what visitors get under a public key notifies channel lq_public_quiz
-- with that key, so each server process drops its cached copy. NOTIFY is sent at COMMIT
-- (nothing for a rolled-back change); identical payloads of one transaction are sent once.
CREATE OR REPLACE FUNCTION notify_public_quiz_of_quiz() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('lq_public_quiz', OLD.public_key);
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.public_key IS DISTINCT FROM OLD.public_key) THEN
    PERFORM pg_notify('lq_public_quiz', NEW.public_key);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS quizzes_notify_public ON quizzes;
--> statement-breakpoint
CREATE TRIGGER quizzes_notify_public AFTER UPDATE OF is_published, hidden_at, deleted_at, public_key, project_id
  ON quizzes FOR EACH ROW EXECUTE FUNCTION notify_public_quiz_of_quiz();
--> statement-breakpoint
DROP TRIGGER IF EXISTS quizzes_notify_public_delete ON quizzes;
--> statement-breakpoint
CREATE TRIGGER quizzes_notify_public_delete AFTER DELETE
  ON quizzes FOR EACH ROW EXECUTE FUNCTION notify_public_quiz_of_quiz();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_public_quiz_of_publication() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lq_public_quiz', q.public_key)
    FROM quizzes q WHERE q.id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.quiz_id ELSE NEW.quiz_id END);
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS quiz_publications_notify_public ON quiz_publications;
--> statement-breakpoint
CREATE TRIGGER quiz_publications_notify_public AFTER INSERT OR UPDATE OR DELETE
  ON quiz_publications FOR EACH ROW EXECUTE FUNCTION notify_public_quiz_of_publication();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_public_quiz_of_project() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lq_public_quiz', q.public_key) FROM quizzes q WHERE q.project_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS projects_notify_public ON projects;
--> statement-breakpoint
CREATE TRIGGER projects_notify_public AFTER UPDATE OF deleted_at
  ON projects FOR EACH ROW EXECUTE FUNCTION notify_public_quiz_of_project();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_public_quiz_of_tariff() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.ends_at IS NOT DISTINCT FROM OLD.ends_at THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('lq_public_quiz', q.public_key) FROM quizzes q WHERE q.user_id = NEW.user_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS account_tariffs_notify_public ON account_tariffs;
--> statement-breakpoint
CREATE TRIGGER account_tariffs_notify_public AFTER INSERT OR UPDATE OF ends_at
  ON account_tariffs FOR EACH ROW EXECUTE FUNCTION notify_public_quiz_of_tariff();
