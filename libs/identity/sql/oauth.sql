-- Written by libs/identity/src/identity-statements.spec.ts (UPDATE_SQL_SNAPSHOTS=1 rewrites it): the SQL each repository
-- method runs, compiled with example arguments. A change to a statement shows here.

-- OAuthClientRepository.insert
-- $1 = "cwc_example", $2 = "Example", $3 = null, $4 = ["https://app.example/cb"]
insert into "identity"."oauth_clients" ("id", "client_name", "client_uri", "redirect_uris")
values ($1, $2, $3, $4)
returning "id",
  "client_name" as "clientName",
  "client_uri" as "clientUri",
  "redirect_uris" as "redirectUris",
  "created_at" as "createdAt";

-- OAuthClientRepository.deleteUnused
-- $1 = 24, $2 = 500
delete from "identity"."oauth_clients"
where "id" in (select "c"."id" from "identity"."oauth_clients" as "c" where "c"."first_authorized_at" is null and "c"."created_at" < now() - make_interval(hours => $1) and not exists (select 1 as "one" from "identity"."oauth_authorization_codes" as "k" where "k"."client_id" = "c"."id" and "k"."expires_at" > now()) order by "c"."created_at" limit $2 for update skip locked)
returning "id";

-- OAuthClientRepository.findById
-- $1 = "cwc_example"
select "id",
  "client_name" as "clientName",
  "client_uri" as "clientUri",
  "redirect_uris" as "redirectUris",
  "created_at" as "createdAt"
from "identity"."oauth_clients"
where "id" = $1;

-- AuthorizationCodeRepository.insert
-- $1 = <32 bytes>, $2 = "cwc_example", $3 = "22222222-2222-4222-8222-222222222222", $4 = "11111111-1111-4111-8111-111111111111", $5 = "44444444-4444-4444-8444-444444444444", $6 = "https://app.example/cb", $7 = ["wiki:read"], $8 = "challenge", $9 = null, $10 = '2026-01-02T03:04:05.000Z'
insert into "identity"."oauth_authorization_codes" ("code_hash", "client_id", "company_id", "person_id", "session_id", "redirect_uri", "scopes", "code_challenge", "resource", "expires_at")
values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10);

-- AuthorizationCodeRepository.deleteStale
delete from "identity"."oauth_authorization_codes"
where "expires_at" < now() - interval '1 day';

-- AuthorizationCodeRepository.findByHash
-- $1 = <32 bytes>
select "code_hash" as "codeHash",
  "client_id" as "clientId",
  "company_id" as "companyId",
  "person_id" as "personId",
  "session_id" as "sessionId",
  "redirect_uri" as "redirectUri",
  "scopes",
  "code_challenge" as "codeChallenge",
  "resource",
  "expires_at" as "expiresAt",
  "used_at" as "usedAt"
from "identity"."oauth_authorization_codes"
where "code_hash" = $1;

-- AuthorizationCodeRepository.markUsed
-- $1 = <32 bytes>
update "identity"."oauth_authorization_codes"
set "used_at" = now()
where "code_hash" = $1
  and "used_at" is null
returning 1 as "spent";

-- AuthorizationCodeRepository.markReplayed
-- $1 = <32 bytes>
update "identity"."oauth_authorization_codes"
set "replayed_at" = coalesce("replayed_at", now())
where "code_hash" = $1
returning "sign_in_id" as "signInId";

-- AuthorizationCodeRepository.lockForIssue
-- $1 = <32 bytes>
select "replayed_at" as "replayedAt"
from "identity"."oauth_authorization_codes"
where "code_hash" = $1 for update;

-- AuthorizationCodeRepository.linkSignIn
-- $1 = "33333333-3333-4333-8333-333333333333", $2 = <32 bytes>
update "identity"."oauth_authorization_codes"
set "sign_in_id" = $1
where "code_hash" = $2;

-- OAuthSignInRepository.insert
-- $1 = "cwc_example", $2 = "22222222-2222-4222-8222-222222222222", $3 = "11111111-1111-4111-8111-111111111111", $4 = "44444444-4444-4444-8444-444444444444", $5 = ["wiki:read"], $6 = true
WITH signed_in AS (
         INSERT INTO identity.oauth_sign_ins
           (client_id, company_id, person_id, session_id, scopes, offline)
         VALUES ($1, $2, $3, $4, $5, $6)
         RETURNING id, client_id
       ), first_use AS (
         UPDATE identity.oauth_clients SET first_authorized_at = now()
          WHERE id = $1 AND first_authorized_at IS NULL
       )
       SELECT id FROM signed_in;

-- OAuthSignInRepository.countLive
-- $1 = "11111111-1111-4111-8111-111111111111"
select count(*)::int as "count"
from "identity"."oauth_sign_ins" as "s"
where "s"."person_id" = $1
  and ("s"."revoked_at" is null and ("s"."offline" or exists (select 1 as "one" from "identity"."oauth_access_tokens" as "a" where "a"."sign_in_id" = "s"."id" and "a"."expires_at" > now())));

-- OAuthSignInRepository.findLiveOf
-- $1 = "11111111-1111-4111-8111-111111111111", $2 = "22222222-2222-4222-8222-222222222222"
select "s"."id",
  "s"."client_id" as "clientId",
  "s"."scopes",
  "s"."offline",
  "s"."created_at" as "createdAt",
  "c"."client_name" as "clientName",
  (select max("a"."last_used_at") as "lastUsedAt" from "identity"."oauth_access_tokens" as "a" where "a"."sign_in_id" = "s"."id") as "lastUsedAt"
from "identity"."oauth_sign_ins" as "s"
inner join "identity"."oauth_clients" as "c" on "c"."id" = "s"."client_id"
where "s"."person_id" = $1
  and "s"."company_id" = $2
  and ("s"."revoked_at" is null and ("s"."offline" or exists (select 1 as "one" from "identity"."oauth_access_tokens" as "a" where "a"."sign_in_id" = "s"."id" and "a"."expires_at" > now())))
order by "s"."created_at" desc,
  "s"."id";

-- OAuthSignInRepository.findLiveById
-- $1 = "33333333-3333-4333-8333-333333333333"
select "s"."id",
  "s"."person_id" as "personId",
  "s"."company_id" as "companyId",
  "m"."role",
  ''::bytea as "tokenHash",
  "s"."scopes",
  ARRAY(select "tm"."team_id" from "identity"."team_memberships" as "tm" inner join "identity"."teams" as "t" on "t"."id" = "tm"."team_id" where "tm"."person_id" = "s"."person_id" and "t"."company_id" = "s"."company_id") as "teamIds"
from "identity"."oauth_sign_ins" as "s"
inner join "identity"."memberships" as "m" on "m"."company_id" = "s"."company_id"
  and "m"."person_id" = "s"."person_id"
where "s"."id" = $1
  and ("s"."revoked_at" is null and ("s"."offline" or exists (select 1 as "one" from "identity"."oauth_access_tokens" as "a" where "a"."sign_in_id" = "s"."id" and "a"."expires_at" > now())));

-- OAuthSignInRepository.lockLive
-- $1 = "33333333-3333-4333-8333-333333333333"
select "id"
from "identity"."oauth_sign_ins"
where "id" = $1
  and "revoked_at" is null for update;

-- OAuthSignInRepository.revoke
-- $1 = "refresh_reuse", $2 = ["33333333-3333-4333-8333-333333333333"]
update "identity"."oauth_sign_ins"
set "revoked_at" = now(),
  "revoked_reason" = $1
where id = ANY($2::uuid[])
  and "revoked_at" is null
returning "id";

-- OAuthSignInRepository.revokeOfClient
-- $1 = "11111111-1111-4111-8111-111111111111", $2 = "22222222-2222-4222-8222-222222222222", $3 = "cwc_example"
update "identity"."oauth_sign_ins"
set "revoked_at" = now(),
  "revoked_reason" = 'reauthorized'
where "person_id" = $1
  and "company_id" = $2
  and "client_id" = $3
  and "revoked_at" is null
returning "id";

-- OAuthSignInRepository.revokeOfSession
-- $1 = "44444444-4444-4444-8444-444444444444"
update "identity"."oauth_sign_ins"
set "revoked_at" = now(),
  "revoked_reason" = 'signed_out'
where "session_id" = $1
  and "revoked_at" is null
returning "id";

-- OAuthSignInRepository.revokeOwn
-- $1 = "33333333-3333-4333-8333-333333333333", $2 = "11111111-1111-4111-8111-111111111111", $3 = "22222222-2222-4222-8222-222222222222"
update "identity"."oauth_sign_ins"
set "revoked_at" = coalesce("revoked_at", now()),
  "revoked_reason" = coalesce("revoked_reason", 'revoked')
where "id" = $1
  and "person_id" = $2
  and "company_id" = $3
returning "id";

-- OAuthTokenRepository.insertAccess
-- $1 = "33333333-3333-4333-8333-333333333333", $2 = <32 bytes>, $3 = '2026-01-02T03:04:05.000Z'
insert into "identity"."oauth_access_tokens" ("sign_in_id", "token_hash", "expires_at")
values ($1, $2, $3);

-- OAuthTokenRepository.insertRefresh
-- $1 = "33333333-3333-4333-8333-333333333333", $2 = <32 bytes>
insert into "identity"."oauth_refresh_tokens" ("sign_in_id", "token_hash")
values ($1, $2);

-- OAuthTokenRepository.deleteIdle
-- $1 = "33333333-3333-4333-8333-333333333333"
delete from "identity"."oauth_access_tokens"
where "sign_in_id" = $1
  and "expires_at" <= now();

-- OAuthTokenRepository.findLiveAccess
-- $1 = <32 bytes>
select "s"."id",
  "s"."person_id" as "personId",
  "s"."company_id" as "companyId",
  "m"."role",
  "a"."token_hash" as "tokenHash",
  "s"."scopes",
  ARRAY(select "tm"."team_id" from "identity"."team_memberships" as "tm" inner join "identity"."teams" as "t" on "t"."id" = "tm"."team_id" where "tm"."person_id" = "s"."person_id" and "t"."company_id" = "s"."company_id") as "teamIds",
  "a"."id" as "tokenId",
  "a"."last_used_at" as "lastUsedAt"
from "identity"."oauth_access_tokens" as "a"
inner join "identity"."oauth_sign_ins" as "s" on "s"."id" = "a"."sign_in_id"
  and "s"."revoked_at" is null
inner join "identity"."memberships" as "m" on "m"."company_id" = "s"."company_id"
  and "m"."person_id" = "s"."person_id"
where "a"."token_hash" = $1
  and "a"."expires_at" > now();

-- OAuthTokenRepository.touchAccess
-- $1 = 2592000, $2 = "33333333-3333-4333-8333-333333333333"
update "identity"."oauth_access_tokens"
set "last_used_at" = now(),
  "expires_at" = now() + make_interval(secs => $1)
where "id" = $2
  and "last_used_at" < now() - interval '1 minute';

-- OAuthTokenRepository.findRefresh
-- $1 = <32 bytes>
select "r"."sign_in_id" as "signInId",
  "s"."client_id" as "clientId",
  "s"."scopes",
  "s"."offline",
  "r"."used_at" as "usedAt",
  "s"."revoked_at" is not null as "signInRevoked"
from "identity"."oauth_refresh_tokens" as "r"
inner join "identity"."oauth_sign_ins" as "s" on "s"."id" = "r"."sign_in_id"
where "r"."token_hash" = $1;

-- OAuthTokenRepository.markRefreshUsed
-- $1 = <32 bytes>
update "identity"."oauth_refresh_tokens"
set "used_at" = now()
where "token_hash" = $1
  and "used_at" is null
returning 1 as "spent";

-- OAuthTokenRepository.signInOf
-- $1 = <32 bytes>
SELECT t.sign_in_id AS "signInId", s.client_id AS "clientId"
         FROM (SELECT sign_in_id FROM identity.oauth_access_tokens WHERE token_hash = $1
               UNION ALL
               SELECT sign_in_id FROM identity.oauth_refresh_tokens WHERE token_hash = $1
               LIMIT 1) t
         JOIN identity.oauth_sign_ins s ON s.id = t.sign_in_id;
