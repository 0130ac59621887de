import type { FastifyInstance } from 'fastify';
import type { PermissionFlags } from '@bastion/domain/permissions/flags';
import type { Database } from '@bastion/db/client';
import { currentUser, requirePermission } from '../../lib/access.ts';
import { zEmptyBody } from '../../lib/envelope.ts';
import { auditedPostRoute, postRoute } from '../../lib/post-route.ts';
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

const administers = requirePermission('administer approvals', canAdministerApprovals);

/** Approval admin: groups, rules (and their preview), workflow templates, partner exceptions. */
export function registerApprovalAdminRoutes(app: FastifyInstance, deps: { db: Database }) {
  const { db } = deps;
  const base = '/api/dx/approval-admin';

  /** Deletes a record at the version the caller saw; the audit keeps its name. */
  function registerNamedDelete(route: {
    path: string;
    noun: string;
    remove: (
      db: Database,
      id: string,
      version: number,
    ) => Promise<{ id: string; is_deleted: true; name: string }>;
    action: string;
    entityType: string;
  }) {
    auditedPostRoute(app, db, {
      path: route.path,
      access: administers,
      body: ZDeleteBody(route.noun),
      response: ZDeleted,
      handler: async (request) => {
        const { name, ...deleted } = await route.remove(db, request.body.id, request.body.version);
        return {
          data: deleted,
          audit: {
            action: route.action,
            entityType: route.entityType,
            entityId: deleted.id,
            details: { name },
          },
        };
      },
    });
  }

  postRoute(app, {
    path: `${base}/member-options`,
    access: administers,
    body: zEmptyBody,
    response: ZMemberOptionsResponse,
    handler: () => listMemberOptions(db),
  });

  /* Groups. */

  postRoute(app, {
    path: `${base}/groups/list`,
    access: administers,
    body: zEmptyBody,
    response: ZGroupsResponse,
    handler: () => listApprovalGroups(db),
  });

  auditedPostRoute(app, db, {
    path: `${base}/groups/save`,
    access: administers,
    body: ZSaveGroupBody,
    response: ZGroupResponse,
    handler: async (request) => {
      const { isCreated, ...group } = await saveApprovalGroup(
        db,
        currentUser(request),
        request.body,
      );
      return {
        data: group,
        audit: {
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
        },
      };
    },
  });

  registerNamedDelete({
    path: `${base}/groups/delete`,
    noun: 'approval group',
    remove: deleteApprovalGroup,
    action: 'approval.group.deleted',
    entityType: 'approval_group',
  });

  /* Rules. */

  postRoute(app, {
    path: `${base}/rules/list`,
    access: administers,
    body: zEmptyBody,
    response: ZRulesResponse,
    handler: () => listApprovalRules(db),
  });

  auditedPostRoute(app, db, {
    path: `${base}/rules/save`,
    access: administers,
    body: ZSaveRuleBody,
    response: ZRuleResponse,
    handler: async (request) => {
      const { isCreated, ...rule } = await saveApprovalRule(db, currentUser(request), request.body);
      return {
        data: rule,
        audit: {
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
        },
      };
    },
  });

  registerNamedDelete({
    path: `${base}/rules/delete`,
    noun: 'approval rule',
    remove: deleteApprovalRule,
    action: 'approval.rule.deleted',
    entityType: 'approval_rule',
  });

  postRoute(app, {
    path: `${base}/preview-rule`,
    access: administers,
    body: ZPreviewRuleBody,
    response: ZPreviewRuleResponse,
    handler: (request) => previewApprovalRule(db, request.body),
  });

  /* Workflow templates. */

  postRoute(app, {
    path: `${base}/workflows/list`,
    access: administers,
    body: zEmptyBody,
    response: ZWorkflowsResponse,
    handler: () => listWorkflowTemplates(db),
  });

  auditedPostRoute(app, db, {
    path: `${base}/workflows/save`,
    access: administers,
    body: ZSaveWorkflowBody,
    response: ZWorkflowResponse,
    handler: async (request) => {
      const { isCreated, ...workflow } = await saveWorkflowTemplate(
        db,
        currentUser(request),
        request.body,
      );
      return {
        data: workflow,
        audit: {
          action: isCreated ? 'approval.workflow.created' : 'approval.workflow.updated',
          entityType: 'workflow_template',
          entityId: workflow.id,
          details: {
            name: workflow.name,
            version: workflow.version,
            nodes: workflow.nodes,
            is_default: workflow.is_default,
          },
        },
      };
    },
  });

  auditedPostRoute(app, db, {
    path: `${base}/workflows/set-default`,
    access: administers,
    body: ZSetDefaultWorkflowBody,
    response: ZWorkflowResponse,
    handler: async (request) => {
      const workflow = await setDefaultWorkflow(db, currentUser(request), request.body);
      return {
        data: workflow,
        audit: {
          action: 'approval.workflow.made_default',
          entityType: 'workflow_template',
          entityId: workflow.id,
          details: { name: workflow.name, version: workflow.version },
        },
      };
    },
  });

  registerNamedDelete({
    path: `${base}/workflows/delete`,
    noun: 'workflow template',
    remove: deleteWorkflowTemplate,
    action: 'approval.workflow.deleted',
    entityType: 'workflow_template',
  });

  /* Partner exceptions. */

  postRoute(app, {
    path: `${base}/partner-options`,
    access: administers,
    body: ZPartnerOptionsBody,
    response: ZPartnerOptionsResponse,
    handler: (request) => listPartnerOptions(db, request.body?.search ?? ''),
  });

  postRoute(app, {
    path: `${base}/partner-exceptions/list`,
    access: administers,
    body: zEmptyBody,
    response: ZPartnerExceptionsResponse,
    handler: () => listPartnerExceptionViews(db),
  });

  auditedPostRoute(app, db, {
    path: `${base}/partner-exceptions/save`,
    access: administers,
    body: ZSavePartnerExceptionBody,
    response: ZPartnerExceptionResponse,
    handler: async (request) => {
      const { isCreated, ...exception } = await savePartnerException(
        db,
        currentUser(request),
        request.body,
      );
      return {
        data: exception,
        audit: {
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
        },
      };
    },
  });

  auditedPostRoute(app, db, {
    path: `${base}/partner-exceptions/delete`,
    access: administers,
    body: ZDeleteBody('partner exception'),
    response: ZDeleted,
    handler: async (request) => {
      const { partnerName, partnerAccountId, ...deleted } = await deletePartnerException(
        db,
        request.body.id,
        request.body.version,
      );
      return {
        data: deleted,
        audit: {
          action: 'approval.partner_exception.deleted',
          entityType: 'partner_exception',
          entityId: deleted.id,
          details: { partner_name: partnerName, partner_account_id: partnerAccountId },
        },
      };
    },
  });
}
