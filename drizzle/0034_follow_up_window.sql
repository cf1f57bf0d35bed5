CREATE TABLE "follow_up_window" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follow_up_window_single_row" CHECK ("follow_up_window"."id")
);
