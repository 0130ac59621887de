import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { PermissionFlags } from '@bastion/domain/permissions/flags';
import type { Database } from '@bastion/db/client';
import { currentUser, requirePermission } from '../../lib/access.ts';
import { recordAudit } from '../../lib/audit.ts';
import { ok, zEmptyBody } from '../../lib/envelope.ts';
import {
  ZDeleteBody,
  ZDeleted,
  ZGroupResponse,
  ZGroupsResponse,
  ZMemberOptionsResponse,
  ZPartnerExceptionResponse,
  ZPartnerExceptionsResponse,
  ZPartnerOptionsBody,
  ZPartnerOptionsResponse,
  ZPreviewRuleBody,
  ZPreviewRuleResponse,
  ZRuleResponse,
  ZRulesResponse,
  ZSaveGroupBody,
  ZSavePartnerExceptionBody,
  ZSaveRuleBody,
  ZSaveWorkflowBody,
  ZSetDefaultWorkflowBody,
  ZWorkflowResponse,
  ZWorkflowsResponse,
} from './approval-admin.schemas.ts';
import { deleteApprovalGroup } from './delete-group.ts';
import { deletePartnerException } from './delete-partner-exception.ts';
import { deleteApprovalRule } from './delete-rule.ts';
import { deleteWorkflowTemplate } from './delete-workflow.ts';
import { listApprovalGroups } from './list-groups.ts';
import { listMemberOptions, listPartnerOptions } from './list-options.ts';
import { listPartnerExceptionViews } from './list-partner-exceptions.ts';
import { listApprovalRules } from './list-rules.ts';
import { listWorkflowTemplates } from './list-workflows.ts';
import { previewApprovalRule } from './preview-rule.ts';
import { saveApprovalGroup } from './save-group.ts';
import { savePartnerException } from './save-partner-exception.ts';
import { saveApprovalRule } from './save-rule.ts';
import { saveWorkflowTemplate } from './save-workflow.ts';
import { setDefaultWorkflow } from './set-default-workflow.ts';

/** Who administers approvals (decision 013): root admins and deal desk admins, nobody else. */
export const canAdministerApprovals = (f: PermissionFlags) =>
  f.is_root_admin || f.is_deal_desk_admin;

const administers = {
  config: { access: requirePermission('administer approvals', canAdministerApprovals) },
};

/** Approval admin: groups, rules (and their preview), workflow templates, partner exceptions. */
export function registerApprovalAdminRoutes(app: FastifyInstance, deps: { db: Database }) {
  const { db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/dx/approval-admin';

  r.post(
    `${base}/member-options`,
    { ...administers, schema: { body: zEmptyBody, response: { 200: ZMemberOptionsResponse } } },
    async () => ok(await listMemberOptions(db)),
  );

  /* Groups. */

  r.post(
    `${base}/groups/list`,
    { ...administers, schema: { body: zEmptyBody, response: { 200: ZGroupsResponse } } },
    async () => ok(await listApprovalGroups(db)),
  );

  r.post(
    `${base}/groups/save`,
    { ...administers, schema: { body: ZSaveGroupBody, response: { 200: ZGroupResponse } } },
    async (request) => {
      const { isCreated, ...group } = await saveApprovalGroup(
        db,
        currentUser(request),
        request.body,
      );
      await recordAudit(db, request, {
        action: isCreated ? 'approval.group.created' : 'approval.group.updated',
        entityType: 'approval_group',
        entityId: group.id,
        details: {
          name: group.name,
          version: group.version,
          is_global: group.is_global,
          regions: group.regions,
          is_active: group.is_active,
          user_ids: group.users.map((u) => u.id),
          roles: group.roles,
        },
      });
      return ok(group);
    },
  );

  r.post(
    `${base}/groups/delete`,
    {
      ...administers,
      schema: { body: ZDeleteBody('approval group'), response: { 200: ZDeleted } },
    },
    async (request) => {
      const { name, ...deleted } = await deleteApprovalGroup(
        db,
        request.body.id,
        request.body.version,
      );
      await recordAudit(db, request, {
        action: 'approval.group.deleted',
        entityType: 'approval_group',
        entityId: deleted.id,
        details: { name },
      });
      return ok(deleted);
    },
  );

  /* Rules. */

  r.post(
    `${base}/rules/list`,
    { ...administers, schema: { body: zEmptyBody, response: { 200: ZRulesResponse } } },
    async () => ok(await listApprovalRules(db)),
  );

  r.post(
    `${base}/rules/save`,
    { ...administers, schema: { body: ZSaveRuleBody, response: { 200: ZRuleResponse } } },
    async (request) => {
      const { isCreated, ...rule } = await saveApprovalRule(db, currentUser(request), request.body);
      await recordAudit(db, request, {
        action: isCreated ? 'approval.rule.created' : 'approval.rule.updated',
        entityType: 'approval_rule',
        entityId: rule.id,
        details: {
          name: rule.name,
          version: rule.version,
          predicate: rule.predicate,
          group_ids: rule.group_ids,
          is_active: rule.is_active,
        },
      });
      return ok(rule);
    },
  );

  r.post(
    `${base}/rules/delete`,
    { ...administers, schema: { body: ZDeleteBody('approval rule'), response: { 200: ZDeleted } } },
    async (request) => {
      const { name, ...deleted } = await deleteApprovalRule(
        db,
        request.body.id,
        request.body.version,
      );
      await recordAudit(db, request, {
        action: 'approval.rule.deleted',
        entityType: 'approval_rule',
        entityId: deleted.id,
        details: { name },
      });
      return ok(deleted);
    },
  );

  r.post(
    `${base}/preview-rule`,
    {
      ...administers,
      schema: { body: ZPreviewRuleBody, response: { 200: ZPreviewRuleResponse } },
    },
    async (request) => ok(await previewApprovalRule(db, request.body)),
  );

  /* Workflow templates. */

  r.post(
    `${base}/workflows/list`,
    { ...administers, schema: { body: zEmptyBody, response: { 200: ZWorkflowsResponse } } },
    async () => ok(await listWorkflowTemplates(db)),
  );

  r.post(
    `${base}/workflows/save`,
    { ...administers, schema: { body: ZSaveWorkflowBody, response: { 200: ZWorkflowResponse } } },
    async (request) => {
      const { isCreated, ...workflow } = await saveWorkflowTemplate(
        db,
        currentUser(request),
        request.body,
      );
      await recordAudit(db, request, {
        action: isCreated ? 'approval.workflow.created' : 'approval.workflow.updated',
        entityType: 'workflow_template',
        entityId: workflow.id,
        details: {
          name: workflow.name,
          version: workflow.version,
          nodes: workflow.nodes,
          is_default: workflow.is_default,
        },
      });
      return ok(workflow);
    },
  );

  r.post(
    `${base}/workflows/set-default`,
    {
      ...administers,
      schema: { body: ZSetDefaultWorkflowBody, response: { 200: ZWorkflowResponse } },
    },
    async (request) => {
      const workflow = await setDefaultWorkflow(db, currentUser(request), request.body);
      await recordAudit(db, request, {
        action: 'approval.workflow.made_default',
        entityType: 'workflow_template',
        entityId: workflow.id,
        details: { name: workflow.name, version: workflow.version },
      });
      return ok(workflow);
    },
  );

  r.post(
    `${base}/workflows/delete`,
    {
      ...administers,
      schema: { body: ZDeleteBody('workflow template'), response: { 200: ZDeleted } },
    },
    async (request) => {
      const { name, ...deleted } = await deleteWorkflowTemplate(
        db,
        request.body.id,
        request.body.version,
      );
      await recordAudit(db, request, {
        action: 'approval.workflow.deleted',
        entityType: 'workflow_template',
        entityId: deleted.id,
        details: { name },
      });
      return ok(deleted);
    },
  );

  /* Partner exceptions. */

  r.post(
    `${base}/partner-options`,
    {
      ...administers,
      schema: { body: ZPartnerOptionsBody, response: { 200: ZPartnerOptionsResponse } },
    },
    async (request) => ok(await listPartnerOptions(db, request.body?.search ?? '')),
  );

  r.post(
    `${base}/partner-exceptions/list`,
    {
      ...administers,
      schema: { body: zEmptyBody, response: { 200: ZPartnerExceptionsResponse } },
    },
    async () => ok(await listPartnerExceptionViews(db)),
  );

  r.post(
    `${base}/partner-exceptions/save`,
    {
      ...administers,
      schema: {
        body: ZSavePartnerExceptionBody,
        response: { 200: ZPartnerExceptionResponse },
      },
    },
    async (request) => {
      const { isCreated, ...exception } = await savePartnerException(
        db,
        currentUser(request),
        request.body,
      );
      await recordAudit(db, request, {
        action: isCreated
          ? 'approval.partner_exception.created'
          : 'approval.partner_exception.updated',
        entityType: 'partner_exception',
        entityId: exception.id,
        details: {
          partner_account_id: exception.partner_account_id,
          partner_name: exception.partner_name,
          extra_discount_percent: exception.extra_discount_percent,
          valid_from: exception.valid_from,
          valid_to: exception.valid_to,
          is_active: exception.is_active,
          version: exception.version,
        },
      });
      return ok(exception);
    },
  );

  r.post(
    `${base}/partner-exceptions/delete`,
    {
      ...administers,
      schema: { body: ZDeleteBody('partner exception'), response: { 200: ZDeleted } },
    },
    async (request) => {
      const { partnerName, partnerAccountId, ...deleted } = await deletePartnerException(
        db,
        request.body.id,
        request.body.version,
      );
      await recordAudit(db, request, {
        action: 'approval.partner_exception.deleted',
        entityType: 'partner_exception',
        entityId: deleted.id,
        details: { partner_name: partnerName, partner_account_id: partnerAccountId },
      });
      return ok(deleted);
    },
  );
}
