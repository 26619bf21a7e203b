// Redocly rules of our own (scripts/openapi/redocly.yaml), for what the built-in ones cannot know of this API.
//  - no-ambiguous-paths: the built-in rule reads paths without their parameters' types, so it calls
//    /api/jobs/code/{short_code} and /api/jobs/{job_id}/history ambiguous (both spelled by the product spec); this one
//    also accepts two paths told apart by a parameter that cannot take the other's literal segment ({job_id} is an
//    integer, never "code"), which is how the server's router tells them apart.
//  - path-param-names: one name per path position (/api/jobs/{job_id} everywhere, never {id} in a sibling).
//  - operation-success-response: every operation answers a 2XX, or is a redirect (3XX) that documents its Location.

/** Whether a path segment's parameter schema admits a literal segment. */
function mayTake(schema, literal) {
  if (!schema) return true;
  if (Array.isArray(schema.enum)) return schema.enum.map(String).includes(literal);
  if (schema.type === 'integer' || schema.type === 'number') {
    if (!/^-?\d+(\.\d+)?$/.test(literal)) return false;
    const n = Number(literal);
    return (
      !(schema.minimum !== undefined && n < schema.minimum) && !(schema.maximum !== undefined && n > schema.maximum)
    );
  }
  if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(literal)) return false;
  if (schema.maxLength !== undefined && [...literal].length > schema.maxLength) return false;
  if (schema.minLength !== undefined && [...literal].length < schema.minLength) return false;
  return true;
}

const isParam = (segment) => /^\{[^}]+\}$/.test(segment);

/** Each path parameter's schema, as the path's operations declare it. */
function paramSchemas(pathItem) {
  const out = {};
  for (const op of Object.values(pathItem ?? {}))
    for (const p of op && typeof op === 'object' && Array.isArray(op.parameters) ? op.parameters : [])
      if (p.in === 'path') out[p.name] = p.schema;
  return out;
}

/** Whether some URL reaches both paths. */
function overlap(a, b, paths) {
  const sa = a.split('/');
  const sb = b.split('/');
  if (sa.length !== sb.length) return false;
  const pa = paramSchemas(paths[a]);
  const pb = paramSchemas(paths[b]);
  return sa.every((x, i) => {
    const y = sb[i];
    if (isParam(x) && isParam(y)) return true;
    if (isParam(x)) return mayTake(pa[x.slice(1, -1)], y);
    if (isParam(y)) return mayTake(pb[y.slice(1, -1)], x);
    return x === y;
  });
}

function NoAmbiguousPaths() {
  return {
    Paths(paths, { report, location }) {
      const seen = [];
      for (const path of Object.keys(paths)) {
        // Identical templates are the built-in no-identical-paths' business.
        const other = seen.find((s) => s !== path && overlap(s, path, paths));
        if (other)
          report({
            message: `One URL reaches both \`${other}\` and \`${path}\`: no parameter's type tells them apart.`,
            location: location.child([path]).key(),
          });
        seen.push(path);
      }
    },
  };
}

function PathParamNames() {
  return {
    Paths(paths, { report, location }) {
      const nameAt = new Map();
      for (const path of Object.keys(paths)) {
        const segments = path.split('/');
        segments.forEach((s, i) => {
          if (!isParam(s)) return;
          const position = segments
            .slice(0, i + 1)
            .map((x) => (isParam(x) ? '{}' : x))
            .join('/');
          const first = nameAt.get(position);
          if (!first) nameAt.set(position, { name: s, path });
          else if (first.name !== s)
            report({
              message: `\`${path}\` names ${s} what \`${first.path}\` names ${first.name}: one name per path position.`,
              location: location.child([path]).key(),
            });
        });
      }
    },
  };
}

function OperationSuccessResponse() {
  return {
    Operation(op, { report, location }) {
      const codes = Object.keys(op.responses ?? {});
      if (codes.some((c) => /^2(\d\d|XX)$/.test(c))) return;
      const redirects = codes.filter((c) => /^3\d\d$/.test(c));
      if (!redirects.length)
        return report({
          message: 'An operation answers a 2XX or a redirect.',
          location: location.child(['responses']),
        });
      for (const c of redirects)
        if (!op.responses[c].headers?.Location)
          report({
            message: `The redirect ${c} must document its Location header.`,
            location: location.child(['responses', c]),
          });
    },
  };
}

export default function rebateRules() {
  return {
    id: 'rebate',
    rules: {
      oas3: {
        'no-ambiguous-paths': NoAmbiguousPaths,
        'path-param-names': PathParamNames,
        'operation-success-response': OperationSuccessResponse,
      },
    },
  };
}
