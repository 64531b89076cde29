-- Written by libs/identity/src/identity-statements.spec.ts (UPDATE_SQL_SNAPSHOTS=1 rewrites it): the SQL each repository
-- method runs, compiled with example arguments. A change to a statement shows here.

-- AgentTestGrantRepository.insert
-- $1 = "22222222-2222-4222-8222-222222222222", $2 = "11111111-1111-4111-8111-111111111111", $3 = ["wiki:read"], $4 = '2026-01-02T03:04:05.000Z'
insert into "identity"."agent_test_grants" ("company_id", "person_id", "scopes", "expires_at")
values ($1, $2, $3, $4)
returning "id",
  "expires_at" as "expiresAt";

-- AgentTestGrantRepository.findForApproval
-- $1 = "55555555-5555-4555-8555-555555555555", $2 = "22222222-2222-4222-8222-222222222222"
select "g"."id" as "id",
  "g"."scopes" as "scopes",
  "g"."expires_at" as "expiresAt",
  "g"."approved_at" as "approvedAt",
  json_build_object('id', "p"."id", 'email', "p"."email", 'name', "p"."name") as "person",
  json_build_object('id', "c"."id", 'name', "c"."name") as "company"
from "identity"."agent_test_grants" as "g"
inner join "identity"."people" as "p" on "p"."id" = "g"."person_id"
inner join "identity"."companies" as "c" on "c"."id" = "g"."company_id"
where "g"."id" = $1
  and "g"."company_id" = $2
  and ("g"."approved_at" is not null or "g"."expires_at" > now());

-- AgentTestGrantRepository.approve
-- $1 = "66666666-6666-4666-8666-666666666666", $2 = "55555555-5555-4555-8555-555555555555", $3 = "22222222-2222-4222-8222-222222222222"
update "identity"."agent_test_grants" as "g"
set "approved_at" = coalesce("g"."approved_at", now()),
  "approved_by" = case when "g"."approved_at" is null then $1::uuid else "g"."approved_by" end
from "identity"."people" as "p",
  "identity"."companies" as "c"
where "g"."id" = $2
  and "g"."company_id" = $3
  and ("g"."approved_at" is not null or "g"."expires_at" > now())
  and "p"."id" = "g"."person_id"
  and "c"."id" = "g"."company_id"
returning "g"."id" as "id",
  "g"."scopes" as "scopes",
  "g"."expires_at" as "expiresAt",
  "g"."approved_at" as "approvedAt",
  json_build_object('id', "p"."id", 'email', "p"."email", 'name', "p"."name") as "person",
  json_build_object('id', "c"."id", 'name', "c"."name") as "company";

-- AgentTestGrantRepository.lockForExchange
-- $1 = "55555555-5555-4555-8555-555555555555"
select "g"."company_id" as "companyId",
  "g"."person_id" as "personId",
  "g"."scopes",
  "g"."approved_at" is not null as "approved",
  "g"."exchanged_at" is not null as "exchanged",
  not ("g"."approved_at" is not null or "g"."expires_at" > now()) as "expired"
from "identity"."agent_test_grants" as "g"
where "g"."id" = $1 for update;

-- AgentTestGrantRepository.markExchanged
-- $1 = "77777777-7777-4777-8777-777777777777", $2 = "55555555-5555-4555-8555-555555555555"
update "identity"."agent_test_grants"
set "exchanged_at" = now(),
  "api_key_id" = $1
where "id" = $2;

-- AgentTestSignInLinkRepository.insert
-- $1 = <32 bytes>, $2 = "22222222-2222-4222-8222-222222222222", $3 = "11111111-1111-4111-8111-111111111111", $4 = "66666666-6666-4666-8666-666666666666", $5 = '2026-01-02T03:04:05.000Z'
insert into "identity"."agent_test_sign_in_links" ("token_hash", "company_id", "person_id", "created_by", "expires_at")
values ($1, $2, $3, $4, $5);

-- AgentTestSignInLinkRepository.consume
-- $1 = <32 bytes>
update "identity"."agent_test_sign_in_links"
set "used_at" = now()
where "token_hash" = $1
  and "used_at" is null
  and "expires_at" > now()
returning "company_id" as "companyId",
  "person_id" as "personId";
