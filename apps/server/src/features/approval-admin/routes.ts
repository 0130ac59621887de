import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { PermissionFlags } from '@bastion/domain/permissions/flags';
import type { Database } from '@bastion/db/client';
import { currentUser, requirePermission } from '../../lib/access.ts';
import {
  changedRecordRoute,
  postRoute,
  recordChangeRoute,
  recordSaveRoute,
  type EnvelopeData,
  type RecordSaveRoute,
} from '../../lib/post-route.ts';
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
} from '@bastion/domain/approval-admin/api';
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

/**
 * One kind of record approval admins keep: its `list`, `save` (audited as created or updated) and
 * `delete` routes below `path`. A delete names the version the caller saw; its audit keeps the name.
 */
interface AdminRecords<LR extends z.ZodType, SB extends z.ZodType, SR extends z.ZodType> {
  path: string;
  entityType: string;
  /** What the delete body's messages call the record. */
  noun: string;
  actions: { created: string; updated: string; deleted: string };
  list: { response: LR; handler: () => Promise<EnvelopeData<LR>> };
  save: Pick<RecordSaveRoute<SB, SR>, 'body' | 'response' | 'handler' | 'details'>;
  remove: (
    db: Database,
    id: string,
    version: number,
  ) => Promise<{ id: string; is_deleted: true; name: string }>;
}

/** Approval admin: groups, rules (and their preview), workflow templates, partner exceptions. */
export function registerApprovalAdminRoutes(app: FastifyInstance, deps: { db: Database }) {
  const { db } = deps;
  const base = '/api/dx/approval-admin';

  function registerAdminRecords<LR extends z.ZodType, SB extends z.ZodType, SR extends z.ZodType>(
    records: AdminRecords<LR, SB, SR>,
  ) {
    const { path, entityType, actions } = records;
    postRoute(app, { path: `${path}/list`, access: administers, ...records.list });
    recordSaveRoute(app, db, {
      path: `${path}/save`,
      access: administers,
      entityType,
      actions,
      ...records.save,
    });
    recordChangeRoute(app, db, {
      path: `${path}/delete`,
      access: administers,
      entityType,
      body: ZDeleteBody(records.noun),
      response: ZDeleted,
      handler: async (request) => {
        const { id, version } = request.body;
        const { name, ...deleted } = await records.remove(db, id, version);
        return { data: deleted, action: actions.deleted, entityId: deleted.id, details: { name } };
      },
    });
  }

  postRoute(app, {
    path: `${base}/member-options`,
    access: administers,
    response: ZMemberOptionsResponse,
    handler: () => listMemberOptions(db),
  });

  registerAdminRecords({
    path: `${base}/groups`,
    entityType: 'approval_group',
    noun: 'approval group',
    actions: {
      created: 'approval.group.created',
      updated: 'approval.group.updated',
      deleted: 'approval.group.deleted',
    },
    list: { response: ZGroupsResponse, handler: () => listApprovalGroups(db) },
    save: {
      body: ZSaveGroupBody,
      response: ZGroupResponse,
      handler: (request) => saveApprovalGroup(db, currentUser(request), request.body),
      details: (group) => ({
        name: group.name,
        version: group.version,
        is_global: group.is_global,
        regions: group.regions,
        is_active: group.is_active,
        user_ids: group.users.map((u) => u.id),
        roles: group.roles,
      }),
    },
    remove: deleteApprovalGroup,
  });

  registerAdminRecords({
    path: `${base}/rules`,
    entityType: 'approval_rule',
    noun: 'approval rule',
    actions: {
      created: 'approval.rule.created',
      updated: 'approval.rule.updated',
      deleted: 'approval.rule.deleted',
    },
    list: { response: ZRulesResponse, handler: () => listApprovalRules(db) },
    save: {
      body: ZSaveRuleBody,
      response: ZRuleResponse,
      handler: (request) => saveApprovalRule(db, currentUser(request), request.body),
      details: ['name', 'version', 'predicate', 'group_ids', 'is_active'],
    },
    remove: deleteApprovalRule,
  });

  postRoute(app, {
    path: `${base}/preview-rule`,
    access: administers,
    body: ZPreviewRuleBody,
    response: ZPreviewRuleResponse,
    handler: (request) => previewApprovalRule(db, request.body),
  });

  registerAdminRecords({
    path: `${base}/workflows`,
    entityType: 'workflow_template',
    noun: 'workflow template',
    actions: {
      created: 'approval.workflow.created',
      updated: 'approval.workflow.updated',
      deleted: 'approval.workflow.deleted',
    },
    list: { response: ZWorkflowsResponse, handler: () => listWorkflowTemplates(db) },
    save: {
      body: ZSaveWorkflowBody,
      response: ZWorkflowResponse,
      handler: (request) => saveWorkflowTemplate(db, currentUser(request), request.body),
      details: ['name', 'version', 'nodes', 'is_default'],
    },
    remove: deleteWorkflowTemplate,
  });

  changedRecordRoute(app, db, {
    path: `${base}/workflows/set-default`,
    access: administers,
    entityType: 'workflow_template',
    action: 'approval.workflow.made_default',
    body: ZSetDefaultWorkflowBody,
    response: ZWorkflowResponse,
    handler: (request) => setDefaultWorkflow(db, currentUser(request), request.body),
    details: ['name', 'version'],
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
    response: ZPartnerExceptionsResponse,
    handler: () => listPartnerExceptionViews(db),
  });

  recordSaveRoute(app, db, {
    path: `${base}/partner-exceptions/save`,
    access: administers,
    entityType: 'partner_exception',
    actions: {
      created: 'approval.partner_exception.created',
      updated: 'approval.partner_exception.updated',
    },
    body: ZSavePartnerExceptionBody,
    response: ZPartnerExceptionResponse,
    handler: (request) => savePartnerException(db, currentUser(request), request.body),
    details: [
      'partner_account_id',
      'partner_name',
      'extra_discount_percent',
      'valid_from',
      'valid_to',
      'is_active',
      'version',
    ],
  });

  recordChangeRoute(app, db, {
    path: `${base}/partner-exceptions/delete`,
    access: administers,
    entityType: 'partner_exception',
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
        action: 'approval.partner_exception.deleted',
        entityId: deleted.id,
        details: { partner_name: partnerName, partner_account_id: partnerAccountId },
      };
    },
  });
}
