-- Written by libs/feedback/src/feedback-statements.spec.ts (UPDATE_SQL_SNAPSHOTS=1 rewrites it): the SQL each repository
-- method runs, compiled with example arguments. A change to a statement shows here.

-- ReportViewRepository.byIds
-- $1 = ["11111111-1111-4111-8111-111111111111"]
SELECT id, status, category, message, page_path AS "pagePath", submitter_id AS "submitterId", submitter_email AS "submitterEmail", submitter_name AS "submitterName", company_id AS "companyId", company_name AS "companyName", created_at AS "createdAt", has_pr AS "hasPr", pull_request_url AS "pullRequestUrl", proposal, proposal_updated_at AS "proposalUpdatedAt", (SELECT coalesce(json_agg(json_build_object('id', a.id, 'filename', a.filename,
                   'contentType', a.content_type, 'size', a.size) ORDER BY a.position), '[]')
             FROM feedback.attachments a WHERE a.feedback_id = reports.id) AS attachments FROM feedback.reports WHERE id = ANY($1::uuid[]);
