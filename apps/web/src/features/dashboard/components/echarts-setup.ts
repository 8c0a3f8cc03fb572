import { BarChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { LabelLayout } from 'echarts/features';
import { SVGRenderer } from 'echarts/renderers';

// Only what the dashboard draws, so the chunk stays small. SVG: crisp at any zoom, and its text is in the DOM.
echarts.use([BarChart, PieChart, GridComponent, LegendComponent, TooltipComponent, LabelLayout, SVGRenderer]);

export { echarts };
