CREATE TABLE "leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"submission_id" uuid NOT NULL,
	"quiz_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"publication_version" integer NOT NULL,
	"session_id" uuid,
	"source" smallint DEFAULT 0 NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"messengers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"other" text DEFAULT '' NOT NULL,
	"other2" text DEFAULT '' NOT NULL,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"results" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"other_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"utm" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"referrer" text DEFAULT '' NOT NULL,
	"page_url" text DEFAULT '' NOT NULL,
	"consent" boolean DEFAULT false NOT NULL,
	"is_opened" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"quiz_id" integer NOT NULL,
	"session_id" uuid,
	"type" text NOT NULL,
	"question_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quiz_events_type_check" CHECK ("quiz_events"."type" in ('view', 'start', 'answer', 'contacts', 'result'))
);
--> statement-breakpoint
CREATE TABLE "visitor_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quiz_id" integer NOT NULL,
	"utm" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"referrer" text DEFAULT '' NOT NULL,
	"page_url" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_publications" (
	"id" serial PRIMARY KEY NOT NULL,
	"quiz_id" integer NOT NULL,
	"version" integer NOT NULL,
	"draft_version" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_events" ADD CONSTRAINT "quiz_events_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_events" ADD CONSTRAINT "quiz_events_session_id_visitor_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."visitor_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_sessions" ADD CONSTRAINT "visitor_sessions_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_publications" ADD CONSTRAINT "quiz_publications_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "leads_submission_id_key" ON "leads" USING btree ("submission_id");--> statement-breakpoint
CREATE INDEX "leads_user_idx" ON "leads" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "leads_quiz_idx" ON "leads" USING btree ("quiz_id","id");--> statement-breakpoint
CREATE INDEX "quiz_events_quiz_idx" ON "quiz_events" USING btree ("quiz_id","type","created_at");--> statement-breakpoint
CREATE INDEX "visitor_sessions_quiz_idx" ON "visitor_sessions" USING btree ("quiz_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_publications_quiz_version_key" ON "quiz_publications" USING btree ("quiz_id","version");--> statement-breakpoint
CREATE INDEX "quiz_publications_quiz_idx" ON "quiz_publications" USING btree ("quiz_id","version");