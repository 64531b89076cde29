-- Written by libs/identity/src/identity-statements.spec.ts (UPDATE_SQL_SNAPSHOTS=1 rewrites it): the SQL each repository
-- method runs, compiled with example arguments. A change to a statement shows here.

-- ApiKeyRepository.findLiveByTokenHash
-- $1 = <32 bytes>
select "k"."id",
  "k"."person_id" as "personId",
  "k"."company_id" as "companyId",
  "m"."role",
  "k"."token_hash" as "tokenHash",
  "k"."scopes",
  ARRAY(select "tm"."team_id" from "identity"."team_memberships" as "tm" inner join "identity"."teams" as "t" on "t"."id" = "tm"."team_id" where "tm"."person_id" = "k"."person_id" and "t"."company_id" = "k"."company_id") as "teamIds"
from "identity"."api_keys" as "k"
inner join "identity"."memberships" as "m" on "m"."company_id" = "k"."company_id"
  and "m"."person_id" = "k"."person_id"
where "k"."revoked_at" is null
  and "k"."token_hash" = $1;

-- ApiKeyRepository.findLiveById
-- $1 = "66666666-6666-4666-8666-666666666666"
select "k"."id",
  "k"."person_id" as "personId",
  "k"."company_id" as "companyId",
  "m"."role",
  "k"."token_hash" as "tokenHash",
  "k"."scopes",
  ARRAY(select "tm"."team_id" from "identity"."team_memberships" as "tm" inner join "identity"."teams" as "t" on "t"."id" = "tm"."team_id" where "tm"."person_id" = "k"."person_id" and "t"."company_id" = "k"."company_id") as "teamIds"
from "identity"."api_keys" as "k"
inner join "identity"."memberships" as "m" on "m"."company_id" = "k"."company_id"
  and "m"."person_id" = "k"."person_id"
where "k"."revoked_at" is null
  and "k"."id" = $1;

-- ApiKeyRepository.countLive
-- $1 = "11111111-1111-4111-8111-111111111111"
select count(*)::int as "count"
from "identity"."api_keys"
where "person_id" = $1
  and "revoked_at" is null;

-- ApiKeyRepository.insert
-- $1 = <32 bytes>, $2 = "cwk_abcd", $3 = "22222222-2222-4222-8222-222222222222", $4 = "11111111-1111-4111-8111-111111111111", $5 = "CI", $6 = ["wiki:read"]
insert into "identity"."api_keys" ("token_hash", "token_prefix", "company_id", "person_id", "name", "scopes")
values ($1, $2, $3, $4, $5, $6)
returning "id",
  "name",
  "scopes",
  "token_prefix" as "tokenPrefix",
  "created_at" as "createdAt",
  "last_used_at" as "lastUsedAt";

-- ApiKeyRepository.findLiveOf
-- $1 = "11111111-1111-4111-8111-111111111111", $2 = "22222222-2222-4222-8222-222222222222"
select "id",
  "name",
  "scopes",
  "token_prefix" as "tokenPrefix",
  "created_at" as "createdAt",
  "last_used_at" as "lastUsedAt"
from "identity"."api_keys"
where "person_id" = $1
  and "company_id" = $2
  and "revoked_at" is null
order by "created_at" desc,
  "id";

-- ApiKeyRepository.findLive (1 of 3)
-- $1 = "11111111-1111-4111-8111-111111111111", $2 = 1000
select "id",
  "name",
  "scopes",
  "token_prefix" as "tokenPrefix",
  "created_at" as "createdAt",
  "last_used_at" as "lastUsedAt",
  "person_id" as "personId",
  "company_id" as "companyId"
from "identity"."api_keys"
where "person_id" = $1
  and "revoked_at" is null
order by "created_at" desc,
  "id"
limit $2;

-- ApiKeyRepository.findLive (2 of 3)
-- $1 = "22222222-2222-4222-8222-222222222222", $2 = 1000
select "id",
  "name",
  "scopes",
  "token_prefix" as "tokenPrefix",
  "created_at" as "createdAt",
  "last_used_at" as "lastUsedAt",
  "person_id" as "personId",
  "company_id" as "companyId"
from "identity"."api_keys"
where "company_id" = $1
  and "revoked_at" is null
order by "created_at" desc,
  "id"
limit $2;

-- ApiKeyRepository.findLive (3 of 3)
-- $1 = "11111111-1111-4111-8111-111111111111", $2 = "22222222-2222-4222-8222-222222222222", $3 = 1000
select "id",
  "name",
  "scopes",
  "token_prefix" as "tokenPrefix",
  "created_at" as "createdAt",
  "last_used_at" as "lastUsedAt",
  "person_id" as "personId",
  "company_id" as "companyId"
from "identity"."api_keys"
where "person_id" = $1
  and "company_id" = $2
  and "revoked_at" is null
order by "created_at" desc,
  "id"
limit $3;

-- ApiKeyRepository.revokeById
-- $1 = "66666666-6666-4666-8666-666666666666"
update "identity"."api_keys"
set "revoked_at" = coalesce(revoked_at, now())
where "id" = $1
returning "person_id" as "personId",
  "company_id" as "companyId";

-- ApiKeyRepository.revokeOwned
-- $1 = "66666666-6666-4666-8666-666666666666", $2 = "11111111-1111-4111-8111-111111111111", $3 = "22222222-2222-4222-8222-222222222222"
update "identity"."api_keys"
set "revoked_at" = coalesce(revoked_at, now())
where "id" = $1
  and "person_id" = $2
  and "company_id" = $3
returning "id";
