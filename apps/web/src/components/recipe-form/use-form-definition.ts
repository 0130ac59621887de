import type { FormRecipe, FormValues, Lookups } from '@bastion/domain/forms/recipe';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';

export interface FormDefinition {
  name: string;
  title: string;
  description: string;
  version: number;
  recipe: FormRecipe;
  lookups: Lookups;
}

export const formDefinitionQuery = (name: string) =>
  queryOptions({
    queryKey: ['form-definition', name],
    queryFn: ({ signal }) =>
      apiPost<FormDefinition>('/api/dx/get-form-recipe', { name }, { signal }),
    staleTime: 5 * 60_000,
  });

/** A recipe and its lookup lists, ready for RecipeForm. */
export function useFormDefinition(name: string | null) {
  return useQuery({ ...formDefinitionQuery(name ?? ''), enabled: name !== null });
}

export interface FormCheckResult {
  valid: true;
  payload: FormValues;
}

/** Asks the server to check values against a recipe; a refusal carries the field errors. */
export function useServerFormCheck() {
  return useMutation({
    mutationFn: (input: { name: string; values: FormValues }) =>
      apiPost<FormCheckResult>('/api/dx/validate-form', input),
  });
}
