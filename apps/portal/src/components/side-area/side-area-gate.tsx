// The side areas a utility may switch off in /admin/settings (issue 14): /net2grid (insights) and
// /gridx (rate comparison). A page of an area wraps itself in withSideArea; once the tenant answer
// says the area is off, the page says it is not offered by the utility instead (the server refuses
// the area's calls too). The notice and its texts load only then.
import { type ComponentType, Suspense } from 'react';
import { lazyPart } from '../../lib/lazy-part.tsx';
import { useTenant } from '../../lib/tenant/use-tenant.ts';

export type SideArea = 'insights' | 'rateComparison' | 'assistant';

const NotOffered = lazyPart(() => import('./not-offered.tsx'));

/** Whether the utility offers the area; true until its answer has come (the server decides anyway). */
export function useSideArea(area: SideArea): boolean {
  const tenant = useTenant();
  return tenant.name === undefined || tenant.sideAreas[area];
}

export function withSideArea(area: SideArea, Page: ComponentType): ComponentType {
  function SideAreaPage() {
    const tenant = useTenant();
    if (tenant.name !== undefined && !tenant.sideAreas[area]) {
      return (
        <Suspense fallback={null}>
          <NotOffered area={area} utility={tenant.displayName} />
        </Suspense>
      );
    }
    return <Page />;
  }
  SideAreaPage.displayName = `SideArea(${area})`;
  return SideAreaPage;
}
