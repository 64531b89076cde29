-- Written by libs/identity/src/identity-statements.spec.ts (UPDATE_SQL_SNAPSHOTS=1 rewrites it): the SQL each repository
-- method runs, compiled with example arguments. A change to a statement shows here.

-- SessionRepository.findLiveByTokenHash
-- $1 = <32 bytes>
select "s"."id",
  "s"."person_id" as "personId",
  "s"."company_id" as "companyId",
  "m"."role",
  "s"."token_hash" as "tokenHash",
  NULL::text[] as "scopes",
  ARRAY(select "tm"."team_id" from "identity"."team_memberships" as "tm" inner join "identity"."teams" as "t" on "t"."id" = "tm"."team_id" where "tm"."person_id" = "s"."person_id" and "t"."company_id" = "s"."company_id") as "teamIds"
from "identity"."sessions" as "s"
inner join "identity"."memberships" as "m" on "m"."company_id" = "s"."company_id"
  and "m"."person_id" = "s"."person_id"
where "s"."token_hash" = $1
  and "s"."revoked_at" is null
  and "s"."expires_at" > now();

-- SessionRepository.insert
-- $1 = <32 bytes>, $2 = "22222222-2222-4222-8222-222222222222", $3 = "11111111-1111-4111-8111-111111111111", $4 = "password", $5 = '2026-01-02T03:04:05.000Z'
insert into "identity"."sessions" ("token_hash", "company_id", "person_id", "kind", "expires_at")
values ($1, $2, $3, $4, $5);

-- SessionRepository.findKindAndExpiry
-- $1 = "44444444-4444-4444-8444-444444444444"
select "kind",
  "expires_at" as "expiresAt"
from "identity"."sessions"
where "id" = $1;

-- SessionRepository.revoke
-- $1 = "44444444-4444-4444-8444-444444444444"
update "identity"."sessions"
set "revoked_at" = now()
where "id" = $1
  and "revoked_at" is null;
