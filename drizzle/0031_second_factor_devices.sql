CREATE TABLE "second_factor_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"locked_until" timestamp with time zone,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sign_in_code_failures" ADD COLUMN "device_id" uuid;--> statement-breakpoint
ALTER TABLE "second_factor_devices" ADD CONSTRAINT "second_factor_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "second_factor_devices_token_hash_idx" ON "second_factor_devices" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "second_factor_devices_user_idx" ON "second_factor_devices" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "sign_in_code_failures" ADD CONSTRAINT "sign_in_code_failures_device_id_second_factor_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."second_factor_devices"("id") ON DELETE cascade ON UPDATE no action;