CREATE TABLE "portfolio_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"file" text,
	"file_kind" text,
	"work_done" text DEFAULT '' NOT NULL,
	"results" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portfolio_items_file_kind_check" CHECK ("portfolio_items"."file_kind" in ('image', 'pdf'))
);
--> statement-breakpoint
CREATE TABLE "specialist_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"country" text,
	"city" text DEFAULT '' NOT NULL,
	"speciality" text DEFAULT '' NOT NULL,
	"experience_years" smallint DEFAULT 0 NOT NULL,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"avatar" text,
	"certificate" text,
	"slug" text NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"first_public_at" timestamp with time zone,
	"score" integer DEFAULT 0 NOT NULL,
	"score_computed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "specialist_profiles_experience_check" CHECK ("specialist_profiles"."experience_years" between 0 and 70),
	CONSTRAINT "specialist_profiles_score_check" CHECK ("specialist_profiles"."score" between 0 and 1000),
	CONSTRAINT "specialist_profiles_country_check" CHECK ("specialist_profiles"."country" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD CONSTRAINT "portfolio_items_profile_id_specialist_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."specialist_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD CONSTRAINT "portfolio_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specialist_profiles" ADD CONSTRAINT "specialist_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portfolio_items_profile_idx" ON "portfolio_items" USING btree ("profile_id","id");--> statement-breakpoint
CREATE INDEX "portfolio_items_user_idx" ON "portfolio_items" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "specialist_profiles_user_key" ON "specialist_profiles" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "specialist_profiles_slug_key" ON "specialist_profiles" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "specialist_profiles_rating_idx" ON "specialist_profiles" USING btree ("score" DESC NULLS LAST,"created_at","id") WHERE "specialist_profiles"."is_public";--> statement-breakpoint
CREATE INDEX "specialist_profiles_rating_place_idx" ON "specialist_profiles" USING btree ("country",lower("city")) WHERE "specialist_profiles"."is_public";