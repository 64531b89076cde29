/**
 * Vocabulary of the seeded wiki: page bodies draw from WORDS (earlier words more often, so the
 * corpus has common and rare terms like real text); search queries draw from QUERY_WORDS.
 */
export const WORDS: readonly string[] = `
the team will review project customer release plan meeting notes update process product
service support design data report sales budget quarter roadmap feature issue incident
deploy deployment server database backup security policy access account onboarding training
hiring interview candidate offer contract invoice payment vendor partner marketing campaign
launch website content editor draft approval workflow checklist template guide handbook
architecture api endpoint latency cache queue worker migration schema index query search
dashboard metric alert monitoring logging tracing outage postmortem retrospective sprint
backlog estimate priority milestone deadline risk dependency owner stakeholder decision
proposal summary agenda action item follow owner status blocked progress complete pending
analysis research experiment hypothesis result insight feedback survey interview persona
journey funnel conversion retention churn revenue forecast pipeline lead opportunity deal
renewal pricing discount subscription license compliance audit privacy gdpr retention policy
office travel expense reimbursement benefit holiday vacation leave payroll equipment laptop
password rotation token credential certificate encryption firewall network vpn dns domain
kubernetes cluster container image registry build artifact pipeline runner test coverage
regression bug fix patch hotfix rollback canary rollout flag toggle configuration secret
storage bucket archive export import integration webhook callback retry timeout throttle
capacity scaling autoscaler memory cpu disk throughput benchmark profile optimize refactor
review pull request branch merge conflict commit changelog version semver dependency upgrade
documentation tutorial faq glossary reference diagram whiteboard brainstorm workshop offsite
quarterly annual objective key result okr goal vision mission strategy competitor market
segment enterprise startup region europe america asia localization translation accessibility
mobile desktop browser android ios release notes support ticket escalation sla response
resolution knowledge base article macro chatbot assistant automation script cron schedule
reminder calendar invite room booking lunch coffee social event celebration anniversary
newsletter announcement townhall allhands leadership manager mentor career growth promotion
feedback performance calibration compensation equity bonus relocation visa remote hybrid
warehouse inventory shipment logistics supplier procurement order fulfillment return refund
legal counsel trademark patent agreement signature nda terms condition liability insurance
finance accounting ledger reconciliation tax filing closing statement cashflow runway
`
  .split(/\s+/)
  .filter((word, index, all) => word !== '' && all.indexOf(word) === index);

/** Words a person would type into the wiki search box: topical, not stop words. */
export const QUERY_WORDS: readonly string[] = [
  'deployment',
  'onboarding',
  'invoice',
  'roadmap',
  'incident',
  'postmortem',
  'kubernetes',
  'budget',
  'hiring',
  'security',
  'retention',
  'migration',
  'benchmark',
  'vacation',
  'payroll',
  'compliance',
  'webhook',
  'certificate',
  'forecast',
  'escalation',
  'release',
  'customer',
  'database',
  'handbook',
  'latency',
  'renewal',
  'warehouse',
  'translation',
  'calibration',
  'reconciliation',
  'outage',
  'template',
];

export const FIRST_NAMES: readonly string[] =
  `Ada Grace Alan Edsger Barbara Donald Frances Ken Dennis Margaret
Linus Guido Bjarne James Anders Radia Hedy Katherine Tim Vint Sophie John Lynn Jean Mary Shafi
Leslie Niklaus Tony Robin`.split(/\s+/);

export const LAST_NAMES: readonly string[] =
  `Lovelace Hopper Turing Dijkstra Liskov Knuth Allen Thompson
Ritchie Hamilton Torvalds Rossum Stroustrup Gosling Hejlsberg Perlman Lamarr Johnson Lee Cerf Wilson
McCarthy Conway Sammet Keller Goldwasser Lamport Wirth Hoare Milner`.split(/\s+/);

export const TEAM_NAMES: readonly string[] =
  `Platform Sales Support Design Finance Marketing Legal People
Data Security Mobile Growth`.split(/\s+/);
