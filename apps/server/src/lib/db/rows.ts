import type {
  approvalGroups,
  approvalRules,
  partnerExceptions,
  quoteApprovalSteps,
  quoteApprovals,
  workflowTemplates,
} from '@bastion/db/schema/approvals';
import type {
  mcCostLookups,
  mcSupportCases,
  productHierarchyNodes,
  skuPrices,
  skus,
} from '@bastion/db/schema/catalog';
import type {
  crmAccounts,
  crmConnection,
  crmContacts,
  crmOpportunities,
  crmOpportunityLineItems,
  crmOpportunityTeamMembers,
} from '@bastion/db/schema/crm';
import type { priceBooks, skuPriceBlocks, skuPricingMethods } from '@bastion/db/schema/pricing';
import type { termsClauseRules, termsClauses } from '@bastion/db/schema/terms';
import type { delegations } from '@bastion/db/schema/users';

/*
 * The row types of the tables several features read, named once (the schema names only
 * QuoteRow). Repositories re-export the ones their use-cases take.
 */

// Approvals: the flow and its administration.
export type GroupRow = typeof approvalGroups.$inferSelect;
export type ApprovalRuleRow = typeof approvalRules.$inferSelect;
export type WorkflowRow = typeof workflowTemplates.$inferSelect;
export type PartnerExceptionRow = typeof partnerExceptions.$inferSelect;
export type SubmissionRow = typeof quoteApprovals.$inferSelect;
export type StepRow = typeof quoteApprovalSteps.$inferSelect;
export type DelegationRow = typeof delegations.$inferSelect;

// The catalogue and its margin data.
export type SkuRow = typeof skus.$inferSelect;
export type NewSku = typeof skus.$inferInsert;
export type NodeRow = typeof productHierarchyNodes.$inferSelect;
export type PriceRow = typeof skuPrices.$inferSelect;
export type CostLookupRow = typeof mcCostLookups.$inferSelect;
export type SupportCaseRow = typeof mcSupportCases.$inferSelect;

// Pricing beyond the list: methods, block bands, price books.
export type MethodRow = typeof skuPricingMethods.$inferSelect;
export type BlockRow = typeof skuPriceBlocks.$inferSelect;
export type PriceBookRow = typeof priceBooks.$inferSelect;

// The CRM copy: records as an adapter hands them over (insert shapes) and as they are stored.
export type CrmAccount = typeof crmAccounts.$inferInsert;
export type CrmContact = typeof crmContacts.$inferInsert;
export type CrmOpportunity = typeof crmOpportunities.$inferInsert;
export type CrmTeamMember = typeof crmOpportunityTeamMembers.$inferInsert;
export type CrmLineItem = typeof crmOpportunityLineItems.$inferInsert;
export type CrmAccountRow = typeof crmAccounts.$inferSelect;
export type CrmContactRow = typeof crmContacts.$inferSelect;
export type CrmOpportunityRow = typeof crmOpportunities.$inferSelect;
export type CrmTeamMemberRow = typeof crmOpportunityTeamMembers.$inferSelect;
export type CrmConnectionRow = typeof crmConnection.$inferSelect;

// The terms library.
export type ClauseRow = typeof termsClauses.$inferSelect;
export type ClauseRuleRow = typeof termsClauseRules.$inferSelect;
