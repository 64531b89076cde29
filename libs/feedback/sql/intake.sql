-- Written by libs/feedback/src/feedback-statements.spec.ts (UPDATE_SQL_SNAPSHOTS=1 rewrites it): the SQL each repository
-- method runs, compiled with example arguments. A change to a statement shows here.

-- LeaseRepository.returnExpired
WITH expired AS (
         SELECT id, lease_token_hash FROM feedback.reports
          WHERE lease_expires_at <= now() AND status = 'in_progress'
          ORDER BY lease_expires_at LIMIT 500
          FOR UPDATE SKIP LOCKED)
       UPDATE feedback.reports r
          SET status = 'approved', lease_session_id = NULL, lease_token_hash = NULL,
              lease_expires_at = NULL, updated_at = now()
         FROM expired
        WHERE r.id = expired.id AND r.lease_token_hash = expired.lease_token_hash
       RETURNING r.id;

-- LeaseRepository.claimOldestApproved
-- $1 = "intake-session-1", $2 = <32 bytes>, $3 = 900
WITH next AS (
         SELECT id FROM feedback.reports WHERE status = 'approved'
          ORDER BY created_at, id LIMIT 1
          FOR UPDATE SKIP LOCKED)
       UPDATE feedback.reports r
          SET status = 'in_progress', lease_session_id = $1, lease_token_hash = $2,
              lease_expires_at = now() + make_interval(secs => $3), started_at = NULL,
              released_lease_token_hash = NULL, updated_at = now()
         FROM next WHERE r.id = next.id
       RETURNING r.id, r.lease_expires_at AS "leaseExpiresAt";

-- LeaseRepository.recordPlan
-- $1 = "11111111-1111-4111-8111-111111111111", $2 = <32 bytes>, $3 = "Fix the export button."
UPDATE feedback.reports SET plan = $3, plan_updated_at = now(), updated_at = now()
        WHERE id = $1 AND lease_token_hash = $2 AND lease_expires_at > now()
      RETURNING plan_updated_at AS "planUpdatedAt", lease_expires_at AS "leaseExpiresAt";

-- LeaseRepository.renew
-- $1 = "11111111-1111-4111-8111-111111111111", $2 = <32 bytes>, $3 = 900
UPDATE feedback.reports
          SET lease_expires_at = greatest(lease_expires_at, now() + make_interval(secs => $3)),
              updated_at = now()
        WHERE id = $1 AND lease_token_hash = $2 AND lease_expires_at > now()
      RETURNING lease_expires_at AS "leaseExpiresAt";

-- LeaseRepository.recordStarted
-- $1 = "11111111-1111-4111-8111-111111111111", $2 = <32 bytes>
UPDATE feedback.reports
          SET started_at = coalesce(started_at, now()), updated_at = now()
        WHERE id = $1 AND lease_token_hash = $2 AND lease_expires_at > now()
      RETURNING started_at AS "startedAt", lease_expires_at AS "leaseExpiresAt";

-- LeaseRepository.recordResult
-- $1 = "11111111-1111-4111-8111-111111111111", $2 = <32 bytes>, $3 = "pr_open", $4 = "pull_request", $5 = "https://github.example/acme/app/pull/1", $6 = null
UPDATE feedback.reports
          SET status = $3, result_outcome = $4,
              pull_request_url = coalesce($5, pull_request_url), result_note = $6,
              lease_session_id = NULL, lease_token_hash = NULL, lease_expires_at = NULL,
              released_lease_token_hash = $2, updated_at = now()
        WHERE id = $1 AND lease_token_hash = $2 AND lease_expires_at > now()
      RETURNING result_outcome AS outcome, status, pull_request_url AS "pullRequestUrl",
                result_note AS note;

-- LeaseRepository.releasedResult
-- $1 = "11111111-1111-4111-8111-111111111111", $2 = <32 bytes>
select "result_outcome" as "outcome",
  "status",
  "pull_request_url" as "pullRequestUrl",
  "result_note" as "note"
from "feedback"."reports"
where "id" = $1
  and "released_lease_token_hash" = $2;

-- LeaseRepository.heldAttachment
-- $1 = "11111111-1111-4111-8111-111111111111", $2 = <32 bytes>, $3 = "22222222-2222-4222-8222-222222222222"
SELECT CASE WHEN a.id IS NULL THEN NULL ELSE json_build_object(
                'storageKey', a.storage_key, 'filename', a.filename,
                'contentType', a.content_type, 'size', a.size) END AS file
         FROM feedback.reports r
         LEFT JOIN feedback.attachments a ON a.feedback_id = r.id AND a.id = $3
        WHERE r.id = $1 AND r.lease_token_hash = $2 AND r.lease_expires_at > now()
        FOR SHARE OF r;

-- ProposalRepository.exists
-- $1 = "11111111-1111-4111-8111-111111111111"
select 1 as "one"
from "feedback"."reports"
where "id" = $1;

-- ProposalRepository.pendingIds (1 of 2)
-- $1 = null, $2 = 21
SELECT id FROM feedback.reports
        WHERE proposal IS NULL
          AND ($1::uuid IS NULL
               OR (created_at, id) > (SELECT created_at, id FROM feedback.reports WHERE id = $1))
        ORDER BY created_at, id LIMIT $2;

-- ProposalRepository.pendingIds (2 of 2)
-- $1 = "11111111-1111-4111-8111-111111111111", $2 = 21
SELECT id FROM feedback.reports
        WHERE proposal IS NULL
          AND ($1::uuid IS NULL
               OR (created_at, id) > (SELECT created_at, id FROM feedback.reports WHERE id = $1))
        ORDER BY created_at, id LIMIT $2;

-- ProposalRepository.searchPage
-- $1 = "%export%", $2 = 20, $3 = 0
select "id"
from "feedback"."reports"
where "search_text" like $1
order by "created_at" desc,
  "id" desc
limit $2
offset $3;

-- ProposalRepository.searchTotal
-- $1 = "%export%"
select count(*)::int as "total"
from "feedback"."reports"
where "search_text" like $1;

-- ProposalRepository.attachmentOf
-- $1 = "11111111-1111-4111-8111-111111111111", $2 = "22222222-2222-4222-8222-222222222222"
select "storage_key" as "storageKey",
  "filename",
  "content_type" as "contentType",
  "size"
from "feedback"."attachments"
where "feedback_id" = $1
  and "id" = $2;

-- ProposalRepository.store
-- $1 = "{\"summary\":\"Export fails\",\"plan\":null,\"duplicate_of\":null}", $2 = "11111111-1111-4111-8111-111111111111"
update "feedback"."reports"
set "proposal" = $1::jsonb,
  "proposal_updated_at" = clock_timestamp()
where "id" = $2
returning "proposal_updated_at" as "updatedAt";

-- PullRequestLinkRepository.apply (1 of 4)
-- $1 = "11111111-1111-4111-8111-111111111111", $2 = "https://github.example/acme/app/pull/1"
WITH current AS (
         SELECT id, status, pull_request_url, coalesce(lease_expires_at > now(), false) AS leased
           FROM feedback.reports WHERE id = $1 FOR UPDATE),
       next AS (
         SELECT id, $2 AS pull_request_url, CASE WHEN leased THEN status
              WHEN status = 'closed' AND pull_request_url = $2 THEN status
              ELSE 'pr_open' END AS status
           FROM current)
       UPDATE feedback.reports r
          SET pull_request_url = next.pull_request_url, status = next.status,
              lease_session_id = CASE WHEN next.status = 'in_progress' THEN r.lease_session_id END,
              lease_token_hash = CASE WHEN next.status = 'in_progress' THEN r.lease_token_hash END,
              lease_expires_at = CASE WHEN next.status = 'in_progress' THEN r.lease_expires_at END,
              updated_at = now()
         FROM next
        WHERE r.id = next.id
          AND (r.pull_request_url IS DISTINCT FROM next.pull_request_url
               OR r.status <> next.status)
       RETURNING r.status;

-- PullRequestLinkRepository.apply (2 of 4)
-- $1 = "11111111-1111-4111-8111-111111111111", $2 = "https://github.example/acme/app/pull/1"
WITH current AS (
         SELECT id, status, pull_request_url, coalesce(lease_expires_at > now(), false) AS leased
           FROM feedback.reports WHERE id = $1 FOR UPDATE),
       next AS (
         SELECT id, $2 AS pull_request_url, CASE WHEN leased THEN status ELSE 'pr_open' END AS status
           FROM current)
       UPDATE feedback.reports r
          SET pull_request_url = next.pull_request_url, status = next.status,
              lease_session_id = CASE WHEN next.status = 'in_progress' THEN r.lease_session_id END,
              lease_token_hash = CASE WHEN next.status = 'in_progress' THEN r.lease_token_hash END,
              lease_expires_at = CASE WHEN next.status = 'in_progress' THEN r.lease_expires_at END,
              updated_at = now()
         FROM next
        WHERE r.id = next.id
          AND (r.pull_request_url IS DISTINCT FROM next.pull_request_url
               OR r.status <> next.status)
       RETURNING r.status;

-- PullRequestLinkRepository.apply (3 of 4)
-- $1 = "11111111-1111-4111-8111-111111111111", $2 = "https://github.example/acme/app/pull/1"
WITH current AS (
         SELECT id, status, pull_request_url, coalesce(lease_expires_at > now(), false) AS leased
           FROM feedback.reports WHERE id = $1 FOR UPDATE),
       next AS (
         SELECT id, $2 AS pull_request_url, CASE WHEN leased THEN status ELSE 'closed' END AS status
           FROM current)
       UPDATE feedback.reports r
          SET pull_request_url = next.pull_request_url, status = next.status,
              lease_session_id = CASE WHEN next.status = 'in_progress' THEN r.lease_session_id END,
              lease_token_hash = CASE WHEN next.status = 'in_progress' THEN r.lease_token_hash END,
              lease_expires_at = CASE WHEN next.status = 'in_progress' THEN r.lease_expires_at END,
              updated_at = now()
         FROM next
        WHERE r.id = next.id
          AND (r.pull_request_url IS DISTINCT FROM next.pull_request_url
               OR r.status <> next.status)
       RETURNING r.status;

-- PullRequestLinkRepository.apply (4 of 4)
-- $1 = "11111111-1111-4111-8111-111111111111", $2 = "https://github.example/acme/app/pull/1"
WITH current AS (
         SELECT id, status, pull_request_url, coalesce(lease_expires_at > now(), false) AS leased
           FROM feedback.reports WHERE id = $1 FOR UPDATE),
       next AS (
         SELECT id, pull_request_url AS pull_request_url, CASE WHEN NOT leased AND status = 'pr_open' AND pull_request_url = $2
                        THEN 'handed_back' ELSE status END AS status
           FROM current)
       UPDATE feedback.reports r
          SET pull_request_url = next.pull_request_url, status = next.status,
              lease_session_id = CASE WHEN next.status = 'in_progress' THEN r.lease_session_id END,
              lease_token_hash = CASE WHEN next.status = 'in_progress' THEN r.lease_token_hash END,
              lease_expires_at = CASE WHEN next.status = 'in_progress' THEN r.lease_expires_at END,
              updated_at = now()
         FROM next
        WHERE r.id = next.id
          AND (r.pull_request_url IS DISTINCT FROM next.pull_request_url
               OR r.status <> next.status)
       RETURNING r.status;

-- PullRequestLinkRepository.statusOf
-- $1 = "11111111-1111-4111-8111-111111111111"
select "status"
from "feedback"."reports"
where "id" = $1;
