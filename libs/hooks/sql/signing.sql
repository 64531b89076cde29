-- Written by libs/hooks/src/hooks-statements.spec.ts (UPDATE_SQL_SNAPSHOTS=1 rewrites it): the SQL each repository
-- method runs, compiled with example arguments. A change to a statement shows here.

-- SigningKeyRepository.removeOfHook
-- $1 = "11111111-1111-4111-8111-111111111111"
delete from "hooks"."signing_keys"
where "hook_id" = $1;

-- SigningKeyRepository.insert
-- $1 = "11111111-1111-4111-8111-111111111111", $2 = <76 bytes>, $3 = "kek-1"
insert into "hooks"."signing_keys" ("hook_id", "ciphertext", "encryption_key_id")
values ($1, $2, $3)
returning "id";
