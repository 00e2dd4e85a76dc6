CREATE TABLE "quiz_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"quiz_id" integer NOT NULL,
	"slug" text NOT NULL,
	"type" text NOT NULL,
	"theme" text NOT NULL,
	"language" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 1000 NOT NULL,
	"hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quiz_templates_type_check" CHECK ("quiz_templates"."type" in ('calculator', 'product_selection', 'lead_qualification', 'test', 'survey')),
	CONSTRAINT "quiz_templates_theme_check" CHECK ("quiz_templates"."theme" in ('renovation', 'real_estate', 'education', 'beauty_health', 'cars', 'travel', 'b2b', 'ecommerce', 'events', 'insurance', 'recruiting'))
);
--> statement-breakpoint
ALTER TABLE "quiz_templates" ADD CONSTRAINT "quiz_templates_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_templates_quiz_key" ON "quiz_templates" USING btree ("quiz_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_templates_slug_language_key" ON "quiz_templates" USING btree ("slug","language");--> statement-breakpoint
CREATE INDEX "quiz_templates_catalogue_idx" ON "quiz_templates" USING btree ("language","sort","id");