CREATE TABLE "seed_claims" (
	"name" text PRIMARY KEY NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL
);
