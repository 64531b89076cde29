-- Written by libs/identity/src/identity-statements.spec.ts (UPDATE_SQL_SNAPSHOTS=1 rewrites it): the SQL each repository
-- method runs, compiled with example arguments. A change to a statement shows here.

-- CompanyRepository.insertIfAbsent
-- $1 = "Acme"
insert into "identity"."companies" ("name")
values ($1)
on conflict (lower(name)) do nothing;

-- CompanyRepository.findByName
-- $1 = "Acme"
select "id",
  "name"
from "identity"."companies"
where lower("name") = lower($1);

-- CompanyRepository.findById
-- $1 = "22222222-2222-4222-8222-222222222222"
select "id",
  "name"
from "identity"."companies"
where "id" = $1;

-- CompanyRepository.findIdsByLegacyIds
-- $1 = ["1","2"]
select "id"
from "identity"."companies"
where legacy_id = ANY($1::bigint[]);

-- CompanyRepository.anyCompany
-- $1 = 1
select 1 as "one"
from "identity"."companies"
limit $1;

-- CompanyRepository.lockForSeeding
-- $1 = 72317003
SELECT pg_advisory_xact_lock($1);

-- PersonRepository.insertIfAbsent
-- $1 = "ada@example.test", $2 = "Ada"
insert into "identity"."people" ("email", "name")
values ($1, $2)
on conflict (lower(email)) do nothing;

-- PersonRepository.findByEmail
-- $1 = "ada@example.test"
select "id",
  "email",
  "name"
from "identity"."people"
where lower("email") = lower($1);

-- PersonRepository.findById
-- $1 = "11111111-1111-4111-8111-111111111111"
select "id",
  "email",
  "name"
from "identity"."people"
where "id" = $1;

-- PersonRepository.findWithPasswordByEmail
-- $1 = "ada@example.test"
select "id",
  "email",
  "name",
  "password_hash" as "passwordHash"
from "identity"."people"
where lower("email") = lower($1);

-- PersonRepository.setPasswordHash
-- $1 = "$argon2id$example", $2 = "11111111-1111-4111-8111-111111111111"
update "identity"."people"
set "password_hash" = $1
where "id" = $2;

-- PersonRepository.lockForWrite
-- $1 = "11111111-1111-4111-8111-111111111111"
select 1 as "one"
from "identity"."people"
where "id" = $1 for update;

-- MembershipRepository.upsert
-- $1 = "22222222-2222-4222-8222-222222222222", $2 = "11111111-1111-4111-8111-111111111111", $3 = "admin"
insert into "identity"."memberships" ("company_id", "person_id", "role")
values ($1, $2, $3)
on conflict ("company_id", "person_id") do update
set "role" = "excluded"."role";

-- MembershipRepository.delete
-- $1 = "22222222-2222-4222-8222-222222222222", $2 = "11111111-1111-4111-8111-111111111111"
delete from "identity"."memberships"
where "company_id" = $1
  and "person_id" = $2
returning "person_id";

-- MembershipRepository.findRole
-- $1 = "22222222-2222-4222-8222-222222222222", $2 = "11111111-1111-4111-8111-111111111111"
select "m"."role"
from "identity"."memberships" as "m"
where "m"."company_id" = $1
  and "m"."person_id" = $2;

-- MembershipRepository.findAccess
-- $1 = "22222222-2222-4222-8222-222222222222", $2 = "11111111-1111-4111-8111-111111111111"
select "m"."role",
  ARRAY(select "tm"."team_id" from "identity"."team_memberships" as "tm" inner join "identity"."teams" as "t" on "t"."id" = "tm"."team_id" where "tm"."person_id" = "m"."person_id" and "t"."company_id" = "m"."company_id") as "teamIds"
from "identity"."memberships" as "m"
where "m"."company_id" = $1
  and "m"."person_id" = $2;

-- MembershipRepository.findForSignIn (1 of 2)
-- $1 = "11111111-1111-4111-8111-111111111111", $2 = "22222222-2222-4222-8222-222222222222", $3 = 1
select "m"."company_id" as "companyId",
  "c"."name",
  "m"."role"
from "identity"."memberships" as "m"
inner join "identity"."companies" as "c" on "c"."id" = "m"."company_id"
where "m"."person_id" = $1
  and "m"."company_id" = $2
order by "m"."created_at"
limit $3;

-- MembershipRepository.findForSignIn (2 of 2)
-- $1 = "11111111-1111-4111-8111-111111111111", $2 = 1
select "m"."company_id" as "companyId",
  "c"."name",
  "m"."role"
from "identity"."memberships" as "m"
inner join "identity"."companies" as "c" on "c"."id" = "m"."company_id"
where "m"."person_id" = $1
order by "m"."created_at"
limit $2;

-- TeamRepository.insertIfAbsent
-- $1 = "22222222-2222-4222-8222-222222222222", $2 = "Platform"
insert into "identity"."teams" ("company_id", "name")
values ($1, $2)
on conflict (company_id, (lower(name))) do nothing;

-- TeamRepository.findByName
-- $1 = "22222222-2222-4222-8222-222222222222", $2 = "Platform"
select "id",
  "name"
from "identity"."teams"
where "company_id" = $1
  and lower("name") = lower($2);

-- TeamRepository.findByIds
-- $1 = ["55555555-5555-4555-8555-555555555555"]
select "id",
  "name"
from "identity"."teams"
where id = ANY($1::uuid[])
order by "name";

-- TeamMembershipRepository.insertIfAbsent
-- $1 = "55555555-5555-4555-8555-555555555555", $2 = "11111111-1111-4111-8111-111111111111"
insert into "identity"."team_memberships" ("team_id", "person_id")
values ($1, $2)
on conflict do nothing;

-- OperatorGrantRepository.insertIfAbsent
-- $1 = "11111111-1111-4111-8111-111111111111", $2 = "feedback.view"
insert into "identity"."operator_grants" ("person_id", "requirement")
values ($1, $2)
on conflict do nothing;

-- OperatorGrantRepository.delete
-- $1 = "11111111-1111-4111-8111-111111111111", $2 = "feedback.view"
delete from "identity"."operator_grants"
where "person_id" = $1
  and "requirement" = $2
returning "requirement";

-- OperatorGrantRepository.findHeld
-- $1 = "11111111-1111-4111-8111-111111111111", $2 = ["feedback.view","queues.manage"]
select "requirement"
from "identity"."operator_grants"
where "person_id" = $1
  and requirement = ANY($2::text[]);
