CREATE TYPE "public"."article_visibility" AS ENUM('public', 'customers', 'company', 'staff');--> statement-breakpoint
CREATE TABLE "kb_article_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"article_id" uuid NOT NULL,
	"revision" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"category_id" uuid NOT NULL,
	"tags" text[] NOT NULL,
	"visibility" "article_visibility" NOT NULL,
	"customer_id" uuid,
	"published" boolean NOT NULL,
	"edited_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kb_articles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"category_id" uuid NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"visibility" "article_visibility" NOT NULL,
	"customer_id" uuid,
	"published" boolean DEFAULT false NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"updated_by_name" text NOT NULL,
	"search_vector" "tsvector" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kb_articles_slug_unique" UNIQUE("slug"),
	CONSTRAINT "kb_articles_company_names_one" CHECK (("kb_articles"."visibility" = 'company') = ("kb_articles"."customer_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "kb_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kb_categories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "kb_deflections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"user_id" uuid,
	"form_id" uuid NOT NULL,
	"article_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kb_suggestion_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"form_id" uuid NOT NULL,
	"query" text NOT NULL,
	"hits" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kb_article_revisions" ADD CONSTRAINT "kb_article_revisions_article_id_kb_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."kb_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_articles" ADD CONSTRAINT "kb_articles_category_id_kb_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."kb_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_articles" ADD CONSTRAINT "kb_articles_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_deflections" ADD CONSTRAINT "kb_deflections_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_deflections" ADD CONSTRAINT "kb_deflections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_deflections" ADD CONSTRAINT "kb_deflections_article_id_kb_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."kb_articles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_suggestion_searches" ADD CONSTRAINT "kb_suggestion_searches_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kb_article_revisions_number_idx" ON "kb_article_revisions" USING btree ("article_id","revision");--> statement-breakpoint
CREATE INDEX "kb_articles_search_vector_idx" ON "kb_articles" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "kb_articles_title_trgm_idx" ON "kb_articles" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "kb_articles_customer_idx" ON "kb_articles" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "kb_deflections_form_idx" ON "kb_deflections" USING btree ("form_id");--> statement-breakpoint
CREATE INDEX "kb_deflections_created_idx" ON "kb_deflections" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "kb_suggestion_searches_form_idx" ON "kb_suggestion_searches" USING btree ("form_id","created_at");--> statement-breakpoint
CREATE INDEX "kb_suggestion_searches_created_idx" ON "kb_suggestion_searches" USING btree ("created_at");