CREATE TABLE "additions" (
	"id" serial PRIMARY KEY NOT NULL,
	"quiz_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"type" smallint NOT NULL,
	"image" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"display" text DEFAULT 'all_except_start' NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "additions_type_check" CHECK ("additions"."type" between 1 and 3),
	CONSTRAINT "additions_display_check" CHECK ("additions"."display" in ('all_except_start', 'contact_only', 'all'))
);
--> statement-breakpoint
CREATE TABLE "form_fields" (
	"id" serial PRIMARY KEY NOT NULL,
	"quiz_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"type" smallint NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"placeholder" text DEFAULT '' NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_fields_type_check" CHECK ("form_fields"."type" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"quiz_id" integer,
	"entity" text NOT NULL,
	"entity_id" integer NOT NULL,
	"field" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_compress_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"quiz_id" integer NOT NULL,
	"entity" text NOT NULL,
	"entity_id" integer NOT NULL,
	"field" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"error" text,
	"original_key" text NOT NULL,
	"compressed_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_compress_tasks_status_check" CHECK ("video_compress_tasks"."status" in ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "video_compress_tasks_progress_check" CHECK ("video_compress_tasks"."progress" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"sites" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"question_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"text" text NOT NULL,
	"image" text,
	"is_right" boolean DEFAULT false NOT NULL,
	"points" double precision DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_conditions" (
	"id" serial PRIMARY KEY NOT NULL,
	"question_id" integer NOT NULL,
	"ref_question_id" integer NOT NULL,
	"kind" text NOT NULL,
	"answers" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"answers_include" boolean DEFAULT true NOT NULL,
	"answers_operator" text DEFAULT 'or' NOT NULL,
	"number_operator" text DEFAULT 'in_range' NOT NULL,
	"number_from" double precision,
	"number_to" double precision,
	"range_operator" text DEFAULT 'inside' NOT NULL,
	"range_from" jsonb,
	"range_to" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "question_conditions_kind_check" CHECK ("question_conditions"."kind" in ('answers', 'number', 'range'))
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"quiz_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"type" smallint NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"button_text" text DEFAULT '' NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"media" text,
	"video_url" text,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questions_type_check" CHECK ("questions"."type" between 1 and 7)
);
--> statement-breakpoint
CREATE TABLE "quiz_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"quiz_id" integer NOT NULL,
	"display_mode" text DEFAULT 'regular' NOT NULL,
	"icon_kind" smallint DEFAULT 1 NOT NULL,
	"media" text,
	"image" text,
	"trigger" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"banner" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"popup" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"landing" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"body" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"chat" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"subdomain" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quiz_configs_display_mode_check" CHECK ("quiz_configs"."display_mode" in ('regular', 'button')),
	CONSTRAINT "quiz_configs_icon_kind_check" CHECK ("quiz_configs"."icon_kind" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "quizzes" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"language" integer DEFAULT 2 NOT NULL,
	"currency" integer DEFAULT 1 NOT NULL,
	"public_key" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL,
	"is_published" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"start_page" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"design" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"contact_form" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"results_settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"general_formula_errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"analytics" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"draft_version" integer DEFAULT 1 NOT NULL,
	"published_draft_version" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "result_conditions" (
	"id" serial PRIMARY KEY NOT NULL,
	"result_id" integer NOT NULL,
	"ref_question_id" integer NOT NULL,
	"kind" text NOT NULL,
	"answers" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"answers_include" boolean DEFAULT true NOT NULL,
	"answers_operator" text DEFAULT 'or' NOT NULL,
	"number_operator" text DEFAULT 'in_range' NOT NULL,
	"number_from" double precision,
	"number_to" double precision,
	"range_operator" text DEFAULT 'inside' NOT NULL,
	"range_from" jsonb,
	"range_to" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "result_conditions_kind_check" CHECK ("result_conditions"."kind" in ('answers', 'number', 'range'))
);
--> statement-breakpoint
CREATE TABLE "results" (
	"id" serial PRIMARY KEY NOT NULL,
	"quiz_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"type" smallint DEFAULT 1 NOT NULL,
	"condition_mode" smallint DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"additional_description" text DEFAULT '' NOT NULL,
	"media" text,
	"show_total" boolean DEFAULT false NOT NULL,
	"unit" text,
	"range_from" double precision,
	"range_to" double precision,
	"formula" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"formula_valid" boolean DEFAULT true NOT NULL,
	"formula_errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"use_general_formula" boolean DEFAULT false NOT NULL,
	"output" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"button_text" text DEFAULT '' NOT NULL,
	"button_link" text DEFAULT '' NOT NULL,
	"send_to_email" boolean DEFAULT false NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "results_type_check" CHECK ("results"."type" between 1 and 3),
	CONSTRAINT "results_condition_mode_check" CHECK ("results"."condition_mode" between 0 and 3)
);
--> statement-breakpoint
ALTER TABLE "additions" ADD CONSTRAINT "additions_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_fields" ADD CONSTRAINT "form_fields_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_compress_tasks" ADD CONSTRAINT "video_compress_tasks_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_conditions" ADD CONSTRAINT "question_conditions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_conditions" ADD CONSTRAINT "question_conditions_ref_question_id_questions_id_fk" FOREIGN KEY ("ref_question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_configs" ADD CONSTRAINT "quiz_configs_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_conditions" ADD CONSTRAINT "result_conditions_result_id_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."results"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_conditions" ADD CONSTRAINT "result_conditions_ref_question_id_questions_id_fk" FOREIGN KEY ("ref_question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results" ADD CONSTRAINT "results_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "additions_quiz_sort_idx" ON "additions" USING btree ("quiz_id","sort","id");--> statement-breakpoint
CREATE INDEX "form_fields_quiz_sort_idx" ON "form_fields" USING btree ("quiz_id","sort","id");--> statement-breakpoint
CREATE UNIQUE INDEX "stored_files_storage_key_key" ON "stored_files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "stored_files_entity_idx" ON "stored_files" USING btree ("entity","entity_id","field");--> statement-breakpoint
CREATE INDEX "stored_files_quiz_idx" ON "stored_files" USING btree ("quiz_id");--> statement-breakpoint
CREATE INDEX "stored_files_user_idx" ON "stored_files" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "video_compress_tasks_quiz_idx" ON "video_compress_tasks" USING btree ("quiz_id","id");--> statement-breakpoint
CREATE INDEX "video_compress_tasks_entity_idx" ON "video_compress_tasks" USING btree ("entity","entity_id","field");--> statement-breakpoint
CREATE INDEX "projects_user_idx" ON "projects" USING btree ("user_id","id") WHERE "projects"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "answers_question_sort_idx" ON "answers" USING btree ("question_id","sort","id");--> statement-breakpoint
CREATE INDEX "question_conditions_question_idx" ON "question_conditions" USING btree ("question_id","id");--> statement-breakpoint
CREATE INDEX "question_conditions_ref_question_idx" ON "question_conditions" USING btree ("ref_question_id");--> statement-breakpoint
CREATE INDEX "questions_quiz_sort_idx" ON "questions" USING btree ("quiz_id","sort","id");--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_configs_quiz_key" ON "quiz_configs" USING btree ("quiz_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_configs_subdomain_lower_key" ON "quiz_configs" USING btree (lower("subdomain"));--> statement-breakpoint
CREATE UNIQUE INDEX "quizzes_public_key_key" ON "quizzes" USING btree ("public_key");--> statement-breakpoint
CREATE INDEX "quizzes_project_idx" ON "quizzes" USING btree ("project_id","id") WHERE "quizzes"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "quizzes_user_idx" ON "quizzes" USING btree ("user_id","id") WHERE "quizzes"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "result_conditions_result_idx" ON "result_conditions" USING btree ("result_id","id");--> statement-breakpoint
CREATE INDEX "result_conditions_ref_question_idx" ON "result_conditions" USING btree ("ref_question_id");--> statement-breakpoint
CREATE INDEX "results_quiz_sort_idx" ON "results" USING btree ("quiz_id","sort","id");