-- Written by libs/feedback/src/feedback-statements.spec.ts (UPDATE_SQL_SNAPSHOTS=1 rewrites it): the SQL each repository
-- method runs, compiled with example arguments. A change to a statement shows here.

-- SubmissionRepository.findBySubmission
-- $1 = "44444444-4444-4444-8444-444444444444", $2 = "retry-1"
select "id",
  "status"
from "feedback"."reports"
where "submitter_id" = $1
  and "submission_id" = $2;

-- SubmissionRepository.lockSubmitter
-- $1 = "feedback:submissions:44444444-4444-4444-8444-444444444444"
SELECT pg_advisory_xact_lock(hashtextextended($1, 0));

-- SubmissionRepository.hourFullFor
-- $1 = "44444444-4444-4444-8444-444444444444", $2 = 10
SELECT greatest(1, ceil(extract(epoch FROM
                created_at + interval '1 hour' - clock_timestamp())))::int AS frees_in
         FROM feedback.reports
        WHERE submitter_id = $1 AND created_at > clock_timestamp() - interval '1 hour'
        ORDER BY created_at DESC
       OFFSET $2 - 1 LIMIT 1;

-- SubmissionRepository.insertReport
-- $1 = "11111111-1111-4111-8111-111111111111", $2 = "55555555-5555-4555-8555-555555555555", $3 = "Acme", $4 = "44444444-4444-4444-8444-444444444444", $5 = "person@acme.example", $6 = "A Person", $7 = "retry-1", $8 = "bug", $9 = "The export button does nothing.", $10 = "/wiki/pages/7"
insert into "feedback"."reports" ("id", "company_id", "company_name", "submitter_id", "submitter_email", "submitter_name", "submission_id", "category", "message", "page_path")
values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
on conflict ("submitter_id", "submission_id")
where "submission_id" is not null do nothing
returning "id";

-- SubmissionRepository.insertAttachments
-- $1 = "11111111-1111-4111-8111-111111111111", $2 = ["22222222-2222-4222-8222-222222222222"], $3 = [0], $4 = ["shot.png"], $5 = ["image/png"], $6 = [68], $7 = [{"type":"Buffer","data":[2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2]}], $8 = ["reports/11111111-1111-4111-8111-111111111111/shot"]
INSERT INTO feedback.attachments
              (id, feedback_id, position, filename, content_type, size, sha256, storage_key)
       SELECT a.id, $1, a.position, a.filename, a.content_type, a.size, a.sha256, a.storage_key
         FROM unnest($2::uuid[], $3::smallint[], $4::text[], $5::text[], $6::int[],
                     $7::bytea[], $8::text[])
           AS a (id, position, filename, content_type, size, sha256, storage_key);

-- TriageRepository.lockStatus
-- $1 = "11111111-1111-4111-8111-111111111111"
select "status"
from "feedback"."reports"
where "id" = $1 for update;

-- TriageRepository.setStatus
-- $1 = "approved", $2 = null, $3 = null, $4 = null, $5 = "11111111-1111-4111-8111-111111111111"
update "feedback"."reports"
set "status" = $1,
  "lease_session_id" = $2,
  "lease_token_hash" = $3,
  "lease_expires_at" = $4,
  "updated_at" = now()
where "id" = $5;

-- InboxAttachmentRepository.find
-- $1 = "11111111-1111-4111-8111-111111111111", $2 = "22222222-2222-4222-8222-222222222222"
select "filename",
  "content_type" as "contentType",
  "size",
  "storage_key" as "storageKey"
from "feedback"."attachments"
where "feedback_id" = $1
  and "id" = $2;

-- InboxQueryRepository.ids (1 of 2)
SELECT id,
  status FROM feedback.reports WHERE true ORDER BY created_at DESC,
  id DESC;

-- InboxQueryRepository.ids (2 of 2)
-- $1 = ["new","approved"], $2 = ["bug"], $3 = ["55555555-5555-4555-8555-555555555555"], $4 = "/wiki/%", $5 = '2026-01-01T00:00:00.000Z', $6 = '2026-02-01T00:00:00.000Z', $7 = false
SELECT id,
  status FROM feedback.reports WHERE status = ANY($1::text[]) AND category = ANY($2::text[]) AND company_id = ANY($3::uuid[]) AND page_path LIKE $4 AND created_at >= $5 AND created_at < $6 AND has_pr = $7 ORDER BY id ASC;

-- InboxQueryRepository.pageInIndexOrder (1 of 2)
-- $1 = 50, $2 = 0
SELECT id, status, category, message, page_path AS "pagePath", submitter_id AS "submitterId", submitter_email AS "submitterEmail", submitter_name AS "submitterName", company_id AS "companyId", company_name AS "companyName", created_at AS "createdAt", has_pr AS "hasPr", pull_request_url AS "pullRequestUrl", proposal, proposal_updated_at AS "proposalUpdatedAt", (SELECT coalesce(json_agg(json_build_object('id', a.id, 'filename', a.filename,
                   'contentType', a.content_type, 'size', a.size) ORDER BY a.position), '[]')
             FROM feedback.attachments a WHERE a.feedback_id = reports.id) AS attachments,
                 (SELECT count(*)::int FROM feedback.reports WHERE true) AS total
            FROM feedback.reports WHERE true
           ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2;

-- InboxQueryRepository.pageInIndexOrder (2 of 2)
-- $1 = ["new","approved"], $2 = ["bug"], $3 = ["55555555-5555-4555-8555-555555555555"], $4 = "/wiki/%", $5 = '2026-01-01T00:00:00.000Z', $6 = '2026-02-01T00:00:00.000Z', $7 = false, $8 = 50, $9 = 100
SELECT id, status, category, message, page_path AS "pagePath", submitter_id AS "submitterId", submitter_email AS "submitterEmail", submitter_name AS "submitterName", company_id AS "companyId", company_name AS "companyName", created_at AS "createdAt", has_pr AS "hasPr", pull_request_url AS "pullRequestUrl", proposal, proposal_updated_at AS "proposalUpdatedAt", (SELECT coalesce(json_agg(json_build_object('id', a.id, 'filename', a.filename,
                   'contentType', a.content_type, 'size', a.size) ORDER BY a.position), '[]')
             FROM feedback.attachments a WHERE a.feedback_id = reports.id) AS attachments,
                 (SELECT count(*)::int FROM feedback.reports WHERE status = ANY($1::text[]) AND category = ANY($2::text[]) AND company_id = ANY($3::uuid[]) AND page_path LIKE $4 AND created_at >= $5 AND created_at < $6 AND has_pr = $7) AS total
            FROM feedback.reports WHERE status = ANY($1::text[]) AND category = ANY($2::text[]) AND company_id = ANY($3::uuid[]) AND page_path LIKE $4 AND created_at >= $5 AND created_at < $6 AND has_pr = $7
           ORDER BY company_name ASC, id ASC LIMIT $8 OFFSET $9;

-- InboxQueryRepository.pageOfSearchMatches
-- $1 = ["new","approved"], $2 = ["bug"], $3 = ["55555555-5555-4555-8555-555555555555"], $4 = "/wiki/%", $5 = '2026-01-01T00:00:00.000Z', $6 = '2026-02-01T00:00:00.000Z', $7 = false, $8 = "%export%", $9 = 50, $10 = 0
WITH matches AS MATERIALIZED (
            SELECT id, status, category, message, page_path, submitter_id, submitter_email, submitter_name, company_id, company_name, created_at, has_pr, pull_request_url, proposal, proposal_updated_at FROM feedback.reports
             WHERE search_text LIKE $8)
          SELECT id, status, category, message, page_path AS "pagePath", submitter_id AS "submitterId", submitter_email AS "submitterEmail", submitter_name AS "submitterName", company_id AS "companyId", company_name AS "companyName", created_at AS "createdAt", has_pr AS "hasPr", pull_request_url AS "pullRequestUrl", proposal, proposal_updated_at AS "proposalUpdatedAt", (SELECT coalesce(json_agg(json_build_object('id', a.id, 'filename', a.filename,
                   'contentType', a.content_type, 'size', a.size) ORDER BY a.position), '[]')
             FROM feedback.attachments a WHERE a.feedback_id = matches.id) AS attachments, count(*) OVER ()::int AS total
            FROM matches WHERE status = ANY($1::text[]) AND category = ANY($2::text[]) AND company_id = ANY($3::uuid[]) AND page_path LIKE $4 AND created_at >= $5 AND created_at < $6 AND has_pr = $7
           ORDER BY created_at DESC, id DESC LIMIT $9 OFFSET $10;

-- InboxQueryRepository.total
-- $1 = ["new","approved"], $2 = ["bug"], $3 = ["55555555-5555-4555-8555-555555555555"], $4 = "/wiki/%", $5 = '2026-01-01T00:00:00.000Z', $6 = '2026-02-01T00:00:00.000Z', $7 = false
SELECT count(*)::int AS total FROM feedback.reports WHERE status = ANY($1::text[]) AND category = ANY($2::text[]) AND company_id = ANY($3::uuid[]) AND page_path LIKE $4 AND created_at >= $5 AND created_at < $6 AND has_pr = $7;
